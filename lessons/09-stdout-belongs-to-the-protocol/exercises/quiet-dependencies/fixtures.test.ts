// quiet-dependencies: the learner's carrier-kit runs inside a read-only server under the SDK
// reference client. Stray bytes on stdout, lost replies and lost diagnostics are each caught
// by their own check; correct variants route the helper and the bar to stderr differently.
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  // Only the banner moved: the helper still shares stdout and the bar still glues.
  {
    name: 'banner-only-fixed',
    frame: 5,
    check: 'stdout-clean',
    says: [
      "is the helper process's line: a child started with stdio 'inherit'",
      'stray bytes on stdout',
    ],
  },
  // The helper silenced with stdio: 'ignore': stdout is clean, its lines are lost.
  {
    name: 'stdio-ignore',
    check: 'diagnostics-on-stderr',
    says: ["the helper's line for PT-", 'is gone'],
  },
  // The helper's stdout piped, then piped straight back into process.stdout.
  {
    name: 'pipe-to-stdout',
    frame: 5,
    check: 'stdout-clean',
    says: "is the helper process's line",
  },
  // The bar ends its line now, but on stdout.
  {
    name: 'newline-after-bar',
    frame: 5,
    check: 'stdout-clean',
    says: 'is a progress bar on stdout: it ends its line now, but it is still not a JSON-RPC message',
  },
  // \r taken for a line end: the bar still glues itself to each reply.
  {
    name: 'carriage-return-bar',
    frame: 5,
    check: 'both-calls-answered',
    says: ['was answered, but the reply is glued behind', 'so the client could not read it'],
  },
  // console.log replaced by a no-op: the banner is gone.
  {
    name: 'console-log-silenced',
    check: 'diagnostics-on-stderr',
    says: 'carrier-kit\'s banner ("carrier-kit 3.2.0 ready") is gone',
  },
  // process.stdout.write pointed at stderr: the transport's replies go there too.
  {
    name: 'stdout-write-redirected',
    frame: 0,
    check: 'both-calls-answered',
    says: 'your server wrote nothing at all on stdout, not even the reply to initialize (frame 0)',
  },
  // The helper given stderr only: what it prints on stdout is thrown away.
  {
    name: 'child-stderr-only',
    check: 'diagnostics-on-stderr',
    says: ["the helper's line for PT-", 'is gone'],
  },
  // Everything loud deleted rather than moved.
  {
    name: 'diagnostics-deleted',
    check: 'diagnostics-on-stderr',
    says: "5 of carrier-kit's 5 diagnostics did not reach your server's stderr",
  },
  // The banner moved from console.log to console.info: still stdout.
  {
    name: 'banner-console-info',
    frame: 1,
    check: 'stdout-clean',
    says: ['starts at byte 0 of stdout, in frame 1', "carrier-kit's banner"],
  },
  // The helper's line replaced by one in carrier-kit's words: the run's trace id is lost.
  {
    name: 'helper-line-reworded',
    check: 'diagnostics-on-stderr',
    says: ["the helper's line for PT-", "(with this run's trace id", 'is gone'],
  },
  // stdout "redirected" by assigning to process.stdout, which has a getter only: the server
  // throws as carrier-kit loads and never answers.
  {
    name: 'reassigns-stdout',
    check: 'session-completes',
    frame: 0,
    says: ['Your server exited with code 1', 'Cannot set property stdout'],
  },
];

const correct = ['ok-fd-numbers', 'ok-console-swap', 'ok-logger-module', 'ok-collect-then-log'];

const hints: Record<string, string> = {
  'stdout-clean': 'give it its own stdio, not inherit',
  'both-calls-answered': 'nothing may be written on stdout without a newline',
  'diagnostics-on-stderr': 'Move the diagnostics, do not silence them',
  'session-completes': 'The server must start, answer both calls',
};

exerciseSuite({
  exercise: 'quiet-dependencies',
  writes: 'carrier-kit',
  starter: {
    check: 'stdout-clean',
    frame: 1,
    says: ["carrier-kit's banner, printed with console.log", 'starts at byte 0 of stdout'],
  },
  alsoStarter(s) {
    // The starter loses both replies, and says where each one went.
    const answered = s.checks.find((c) => c.id === 'both-calls-answered');
    expect(answered?.ok).toBe(false);
    expect(answered?.message).toContain('glued behind');
  },
  hints,
  mistakes,
  correct,
});
