// Read-only: a tiny server for the driver's last two sessions. It reads one line, says on
// stderr what it is about to do, and answers with a result that has a "→" in it. Then it
// exits without waiting for its stdin to close, as a server that crashes or finishes early
// does; or, started with --linger, it waits for its stdin to close, takes a moment to finish,
// writes one last line and exits, as a server that tidies up before it goes.
const linger = process.argv.includes('--linger');
/** What it writes as it finishes with --linger (the checker looks for it; keep the two in step). */
const FAREWELL =
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"answer-once","data":"stdin closed → finished, exiting"}}\n';
let pending = '';
let answered = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  const end = pending.indexOf('\n');
  if (answered || end === -1) return;
  answered = true;
  const request = JSON.parse(pending.slice(0, end)) as { id: string };
  process.stderr.write(
    linger
      ? 'answer-once: answering one request, then waiting for stdin to close\n'
      : 'answer-once: answering one request, then exiting\n',
  );
  const answer = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"said":"one answer → then gone"}}\n`;
  process.stdout.write(answer, () => {
    if (!linger) process.exit(0);
  });
});
process.stdin.on('end', () => {
  if (!linger) return;
  setTimeout(() => process.stdout.write(FAREWELL, () => process.exit(0)), 300);
});
