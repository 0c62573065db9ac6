# A Python mistake of its own: the server's bytes go to sys.stdout.buffer and are never
# flushed, so they wait in Python's buffer for the pipe; os._exit at the end drops them.
import codecs
import os
import subprocess
import sys
import threading

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data) :]


def frame_logger(direction):
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = ""

    def log(chunk):
        nonlocal pending
        pending += decoder.decode(chunk)
        *lines, pending = pending.split("\n")
        for line in lines:
            sys.stderr.write(f"{direction} {line}\n")
        sys.stderr.flush()

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
        sys.stdout.buffer.write(chunk)
        log(chunk)


threading.Thread(target=client_to_server, daemon=True).start()
down = threading.Thread(target=server_to_client)
down.start()
# The server's stdout read to its end and the server gone: its last words were passed on.
down.join()
code = server.wait()
os._exit(code if code >= 0 else 1)
