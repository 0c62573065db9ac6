// Every capture the course commits, explained. The captures that show a mistake on purpose get
// exactly the findings their lessons describe (the table below, one line per lesson's
// mistake), and every other capture gets none: a new rule that fires on a clean capture, or a
// capture re-recorded with a new mistake, fails here naming the file.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureFiles } from '../../sandbox/course/capture-files.ts';
import { findings } from '../../sandbox/explain/findings.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `<seq> <rule>` for each finding, by capture name; a capture not listed has none. */
const EXPECTED: Record<string, string[]> = {
  // Lesson 2: the unknown tool the SDK answers as a tool error (lesson 4 explains it), and
  // the line of stray text the client sends on purpose.
  'stdio-session': ['12 unknown-tool-as-tool-error', '13 one-message-per-line'],
  // Lesson 2: "parmas", a member JSON-RPC does not allow.
  'stdio-strict': ['3 not-jsonrpc'],
  // Lesson 3: tools/list before initialize, over stdio and over HTTP, and a ping that leaves
  // out MCP-Protocol-Version.
  'handshake-order': ['2 before-initialize-result'],
  'http-protocol-version': ['0 before-initialize-result', '10 protocol-version-header'],
  // Lesson 6: a cancel for request 5 after its answer; a call to the tool that left the list.
  'notifications-cancel': ['14 cancel-not-in-flight'],
  'notifications-list-changed': ['9 unknown-tool-as-tool-error'],
  // Lesson 7: a batch and the batch answering it; a request without either header; bad JSON.
  'http-batch': ['4 not-jsonrpc', '5 not-jsonrpc'],
  'http-lifecycle': ['8 session-id-header', '8 protocol-version-header'],
  'http-transport-errors': ['6 not-jsonrpc'],
  // Lesson 8: answers with the id as a string, and with the client's own counter.
  'asks-loose': ['13 reply-to-nothing'],
  'asks-wrong-id': ['5 reply-to-nothing'],
  // Lesson 9: a noisy dependency's lines, a progress bar glued to a result, npm's banner.
  'stdout-chatty-host': [
    '1 stray-stdout',
    '2 stray-stdout',
    '3 stray-stdout',
    '7 stray-stdout',
    '8 glued-message',
  ],
  'stdout-chatty-inspector': ['1 stray-stdout', '2 stray-stdout', '3 stray-stdout'],
  'stdout-npm-banner': ['1 stray-stdout', '2 stray-stdout', '3 stray-stdout', '4 stray-stdout'],
  'stdout-patch-too-late': ['1 stray-stdout', '2 stray-stdout', '3 stray-stdout'],
  // Lesson 11: requests without the envelope, after discover, to a 2026-only server, and on a
  // connection already serving 2026-07-28.
  'no-envelope-after-discover': ['2 meta-envelope'],
  'no-envelope-reject': ['0 meta-envelope'],
  'removed-2026': ['12 meta-envelope'],
};

const captures = [...captureFiles(ROOT)]
  .filter(([name]) => name.endsWith('.jsonl'))
  .map(([name, path]) => ({ name: name.replace(/\.jsonl$/, ''), path }));

describe('explain on every committed capture', () => {
  it('finds the captures on disk, and every name in the table is one of them', () => {
    expect(captures.length).toBeGreaterThan(40);
    const names = new Set(captures.map((c) => c.name));
    expect(Object.keys(EXPECTED).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(captures)('$name', ({ name, path }) => {
    const found = findings(readCapture(join(ROOT, path))).map((f) => `${f.seq} ${f.rule}`);
    expect(found).toEqual(EXPECTED[name] ?? []);
  });
});
