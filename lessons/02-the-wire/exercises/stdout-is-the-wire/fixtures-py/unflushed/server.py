# A Python mistake of its own: replies written to stdout and never flushed, so they wait in
# Python's buffer for a pipe.
# Run: python3 server.py
import json
import sys

ORDERS = {
    "PT-1041": {"order_id": "PT-1041", "status": "shipped", "carrier": "Delhivery", "eta": "2026-08-05"},
    "PT-1042": {"order_id": "PT-1042", "status": "processing", "carrier": "Blue Dart", "eta": "2026-08-09"},
}
VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]


def schema(properties, closed):
    s = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {name: {"type": "string"} for name in properties},
        "required": list(properties),
    }
    if closed:
        s["additionalProperties"] = False
    return s


TOOL = {
    "name": "order_status",
    "title": "Order status",
    "description": "Look up the status, carrier and ETA of one order.",
    "inputSchema": schema(["order_id"], False),
    "execution": {"taskSupport": "forbidden"},
    "outputSchema": schema(["order_id", "status", "carrier", "eta"], True),
}


def log(text):
    print(text, file=sys.stderr, flush=True)


def reply(id, result):
    line = json.dumps({"result": result, "jsonrpc": "2.0", "id": id}, separators=(",", ":"), ensure_ascii=False)
    # stdout is a pipe here, and Python keeps what is written to a pipe until its buffer
    # fills: flush, or the client waits for a reply that sits in this process.
    sys.stdout.write(line + "\n")


def tool_error(text):
    return {"content": [{"type": "text", "text": text}], "isError": True}


def call(params):
    if params.get("name") != "order_status":
        return tool_error(f"MCP error -32602: Tool {params.get('name')} not found")
    order_id = params.get("arguments", {}).get("order_id")
    log(f"order_status called for {order_id}")
    order = ORDERS.get(order_id)
    if order is None:
        return tool_error(f"no such order: {order_id}")
    text = json.dumps(order, separators=(",", ":"), ensure_ascii=False)
    return {"content": [{"type": "text", "text": text}], "structuredContent": order}


def answer(message):
    method = message.get("method")
    params = message.get("params", {})
    if method == "initialize":
        asked = params.get("protocolVersion")
        return {
            "protocolVersion": asked if asked in VERSIONS else VERSIONS[0],
            "capabilities": {"tools": {"listChanged": True}},
            "serverInfo": {"name": "paper-trail-exercise", "version": "1.0.0"},
        }
    if method == "tools/list":
        return {"tools": [TOOL]}
    if method == "tools/call":
        return call(params)
    return {}


log("=== Paper Trail (exercise copy) v1.0 ===")
log(f"loaded {len(ORDERS)} orders")
log(json.dumps({"level": "info", "msg": "ready on stdio"}, separators=(",", ":")))
for line in sys.stdin.buffer:
    message = json.loads(line)
    # Notifications (no id) get no reply.
    if "id" in message:
        reply(message["id"], answer(message))
