# A raw MCP client in Python, standard library only: the solution's twin.
# Run: python3 client.py <server command> [args...]
import json
import subprocess
import sys

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
next_id = 1


def send(message):
    # One JSON object per line. A pipe is buffered: flush, or the line never leaves.
    line = json.dumps({"jsonrpc": "2.0", **message}, separators=(",", ":"), ensure_ascii=False)
    server.stdin.write((line + "\n").encode("utf-8"))
    server.stdin.flush()


def request(method, params):
    global next_id
    id = next_id
    next_id += 1
    send({"id": id, "method": method, "params": params})
    # readline() keeps reading until the "\n", however the bytes were cut on the way.
    for line in server.stdout:
        message = json.loads(line)
        if message.get("id") == id:
            return message
    raise SystemExit(f"the server closed its stdout before answering {method}")


request(
    "initialize",
    {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "raw-client", "version": "1.0.0"},
    },
)
send({"method": "notifications/initialized"})
request("tools/list", {})
call = request("tools/call", {"name": "order_status", "arguments": {"order_id": "PT-1041"}})
print(json.dumps(call.get("result", {}).get("structuredContent"), separators=(",", ":"), ensure_ascii=False))
server.stdin.close()
server.wait()
