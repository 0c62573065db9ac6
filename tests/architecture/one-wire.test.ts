// "What is this frame?" has one answer in the project: sandbox/wire reads JSON-RPC frames
// (with the SDK's schemas) and everyone else asks it. A second reader would drift.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The project's code, the exercises' included, but not their fixtures (learners' work). */
const SOURCES = [
  'sandbox',
  'components',
  'src',
  ':(glob)lessons/*/exercises/**',
  ':(glob,exclude)lessons/*/exercises/*/fixtures/**',
  'scripts',
];

/** Tracked source files outside sandbox/wire that match a pattern. */
function outsideWire(pattern: string): string[] {
  let out = '';
  try {
    out = execFileSync('git', ['grep', '-l', '-E', pattern, '--', ...SOURCES], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
  return out.split('\n').filter((f) => f !== '' && !f.startsWith('sandbox/wire/'));
}

describe('one reader of frames', () => {
  it("uses the SDK's JSON-RPC message schemas only in sandbox/wire", () => {
    expect(
      outsideWire('JSONRPC(Request|Notification|ResultResponse|ErrorResponse|Message)Schema'),
    ).toEqual([]);
  });

  it('has one SSE parser and one line splitter', () => {
    expect(outsideWire('class \\w*(Sse|SSE)\\w*Parser|text/event-stream.*split')).toEqual([]);
    expect(outsideWire('class \\w*(Line|Lines)\\w*(Splitter|Reader)')).toEqual([]);
  });

  it('finds them where they are (the scan itself works)', () => {
    expect(
      execFileSync('git', ['grep', '-l', 'JSONRPCRequestSchema', '--', 'sandbox/wire'], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ).toContain('sandbox/wire/read.ts');
  });
});
