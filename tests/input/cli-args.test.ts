// The one way commands here read their arguments: strict flags, zod messages, exit 2.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkArgs,
  flagsOf,
  parseCliArgs,
  readArgs,
  UsageError,
  wholeNumber,
} from '../../sandbox/input/cli-args.ts';

const spec = {
  schema: z.object({
    id: z.string({ error: 'an id is required' }),
    dir: z.string().optional(),
    json: z.boolean().default(false),
  }),
  positionals: { names: ['id'], tooMany: (w: string[]) => `one id only (got ${w.join(' ')})` },
};

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCliArgs', () => {
  it('joins named positionals and flags, with the schema’s defaults', () => {
    expect(parseCliArgs(['x', '--dir', 'd'], spec)).toEqual({ id: 'x', dir: 'd', json: false });
  });

  it('turns parseArgs complaints, extra words and schema issues into UsageErrors', () => {
    expect(usageMessage(() => parseCliArgs(['x', '--verbose'], spec))).toContain(
      "Unknown option '--verbose'",
    );
    expect(usageMessage(() => parseCliArgs(['x', 'y'], spec))).toBe('one id only (got x y)');
    expect(usageMessage(() => parseCliArgs([], spec))).toBe('an id is required');
    expect(usageMessage(() => readArgs(['stray'], {}))).toMatch(/positional/i);
  });

  it('lists every problem, one per line', () => {
    const both = z.object({
      a: z.string({ error: 'a is missing' }),
      b: z.string({ error: 'b is missing' }),
    });
    expect(usageMessage(() => checkArgs(both, {}))).toBe('a is missing\nb is missing');
  });
});

describe('flagsOf', () => {
  it('names each flag once: booleans are switches, everything else takes a value', () => {
    const schema = z.object({
      id: z.string(),
      json: z.boolean().default(false),
      solution: z.boolean().optional(),
      mode: z.enum(['run', 'check']),
      port: wholeNumber('--port', { max: 65535 }).default(0),
      order: z.never().optional(),
      help: z.boolean().default(false),
    });
    expect(flagsOf(schema, ['id'], { help: 'h' })).toEqual({
      json: { type: 'boolean' },
      solution: { type: 'boolean' },
      mode: { type: 'string' },
      port: { type: 'string' },
      order: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
  });

  it('reads a switch without swallowing the next word as its value', () => {
    expect(parseCliArgs(['--json', 'x'], spec)).toEqual({ id: 'x', json: true });
    expect(usageMessage(() => parseCliArgs(['x', '--dir'], spec))).toContain("'--dir <value>'");
  });
});

describe('wholeNumber', () => {
  const timeout = wholeNumber('--timeout-ms', { min: 1, max: 120_000, unit: 'milliseconds' });

  it('reads digits as a number inside the range', () => {
    expect(timeout.parse('5000')).toBe(5000);
    expect(timeout.parse('120000')).toBe(120_000);
  });

  it.each([
    ['soon', '--timeout-ms must be a whole number of milliseconds, got "soon"'],
    ['1.5', '--timeout-ms must be a whole number of milliseconds, got "1.5"'],
    ['-3', '--timeout-ms must be a whole number of milliseconds, got "-3"'],
    ['', '--timeout-ms must be a whole number of milliseconds, got ""'],
    ['0', '--timeout-ms must be at least 1'],
    ['9999999999', '--timeout-ms must be at most 120000'],
  ])('refuses %j', (typed, message) => {
    expect(timeout.safeParse(typed).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('takes the caller’s wording for a range', () => {
    const port = wholeNumber('--port', { max: 65535, tooLarge: '--port must be 0 to 65535' });
    expect(port.parse('0')).toBe(0);
    expect(port.safeParse('70000').error?.issues[0].message).toBe('--port must be 0 to 65535');
  });
});

describe('exitOnUsageError', () => {
  const helper = fileURLToPath(new URL('../../sandbox/input/cli-args.ts', import.meta.url));
  const script = (thrown: string) =>
    `const m = await import(${JSON.stringify(helper)});` +
    `try { throw ${thrown}; } catch (e) { m.exitOnUsageError(e, 'usage: demo [--x]', 'demo'); }`;

  const demo = (thrown: string) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', script(thrown)], {
      encoding: 'utf8',
    });

  it('prints the command, the message and the usage on stderr and exits 2', () => {
    const r = demo("new m.UsageError('no --y here')");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('demo: no --y here\n\nusage: demo [--x]\n');
  });

  it('rethrows anything that is not a usage error', () => {
    const r = demo("new Error('a real bug')");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('a real bug');
    expect(r.stderr).not.toContain('demo: a real bug');
  });
});
