# Mistake twin of forgets-server-to-client: passes the client's frames to the server and logs
# what comes back, but never sends it on.
import subprocess
import sys
import threading

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def client_to_server():
    for line in sys.stdin.buffer:
        server.stdin.write(line)
        print("to server:", line.decode("utf-8", "replace").rstrip("\n"), file=sys.stderr, flush=True)
    server.stdin.close()


threading.Thread(target=client_to_server, daemon=True).start()
for line in server.stdout:
    print("from server:", line.decode("utf-8", "replace").rstrip("\n"), file=sys.stderr, flush=True)
sys.exit(server.wait())
