# Mistake twin of logs-each-read: it logs every chunk it reads, quoted so that "\r" and "\n" show.
# Bytes are forwarded as they come (os.read, os.write: no buffer of Python's in between),
# never decoded; only the copy that is logged is decoded, one stream per direction, and cut
# into lines, so a character cut between two reads comes out whole.
import json
import os
import subprocess
import sys
import threading

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data) :]


def frame_logger(direction):
    def log(chunk):
        print(direction, json.dumps(chunk.decode("utf-8", "replace"), ensure_ascii=False), file=sys.stderr, flush=True)

    return log


def client_to_server():
    log = frame_logger("client → server")
    while chunk := os.read(0, 65536):
        try:
            write_all(server.stdin.fileno(), chunk)
        except BrokenPipeError:
            pass  # a server that exited early cannot take what is still on its way
        log(chunk)
    # The client hung up: tell the server the same way, by closing its stdin.
    server.stdin.close()


def server_to_client():
    log = frame_logger("server → client")
    while chunk := os.read(server.stdout.fileno(), 65536):
        write_all(1, chunk)
        log(chunk)


threading.Thread(target=client_to_server, daemon=True).start()
down = threading.Thread(target=server_to_client)
down.start()
# The server's stdout read to its end and the server gone: its last words were passed on.
down.join()
code = server.wait()
os._exit(code if code >= 0 else 1)
