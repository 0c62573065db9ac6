// Preloaded (--import) into the harness the endpoint starts. Node's default SIGTERM death
// skips 'exit' listeners, and the harness kills the learner's process group in one; exiting
// through process.exit() lets it, so a closed tab leaves no learner process behind.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => process.exit(128 + (signal === 'SIGTERM' ? 15 : 2)));
}
