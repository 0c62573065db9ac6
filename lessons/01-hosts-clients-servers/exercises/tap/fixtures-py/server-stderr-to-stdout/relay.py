# Mistake twin of server-stderr-to-stdout: collects everything the server prints, stdout and
# stderr, into one output.
import os
import subprocess
import sys
import threading

server = subprocess.Popen(
    sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0
)


def client_to_server():
    while chunk := os.read(0, 65536):
        server.stdin.write(chunk)
        for line in chunk.decode("utf-8", "replace").splitlines():
            print("IN  " + line, file=sys.stderr, flush=True)
    server.stdin.close()


threading.Thread(target=client_to_server, daemon=True).start()
while chunk := os.read(server.stdout.fileno(), 65536):
    os.write(1, chunk)
    for line in chunk.decode("utf-8", "replace").splitlines():
        print("OUT " + line, file=sys.stderr, flush=True)
sys.exit(server.wait())
