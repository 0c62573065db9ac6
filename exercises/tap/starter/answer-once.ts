// Read-only: a tiny server for the driver's second scenario. It reads one line, says on
// stderr what it is about to do, answers with a result that has a "→" in it, and exits
// without waiting for its stdin to close, as a server that crashes or finishes early does.
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  const end = pending.indexOf('\n');
  if (end === -1) return;
  const request = JSON.parse(pending.slice(0, end)) as { id: string };
  process.stderr.write('answer-once: answering one request, then exiting\n');
  const answer = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"said":"one answer → then gone"}}\n`;
  process.stdout.write(answer, () => process.exit(0));
});
