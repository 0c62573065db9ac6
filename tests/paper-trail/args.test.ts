// Command-line handling: friendly messages and exit code 2 for mistakes.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ArgsError, parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
} from '../../sandbox/paper-trail/sessions.ts';

describe('parsePaperTrailArgs', () => {
  it('defaults to stdio and reads the HTTP options', () => {
    expect(parsePaperTrailArgs([])).toEqual({ mode: 'stdio' });
    expect(parsePaperTrailArgs(['--http', '--port', '8123', '--json-response'])).toEqual({
      mode: 'http',
      port: 8123,
      jsonResponse: true,
      sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
      maxSessions: DEFAULT_MAX_SESSIONS,
    });
    expect(parsePaperTrailArgs(['--http'])).toEqual({
      mode: 'http',
      port: 0,
      jsonResponse: false,
      sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
      maxSessions: DEFAULT_MAX_SESSIONS,
    });
  });

  it('reads the session limits, idle time in seconds', () => {
    expect(
      parsePaperTrailArgs(['--http', '--session-idle', '90', '--max-sessions', '3']),
    ).toMatchObject({ mode: 'http', sessionIdleMs: 90_000, maxSessions: 3 });
  });

  it('reads --asks --undelivered, which keeps every order cancellable', () => {
    expect(parsePaperTrailArgs(['--asks', '--undelivered'])).toEqual({
      mode: 'stdio',
      asks: true,
      undelivered: true,
    });
  });

  it('reads --delivered <id>, the one order cancel_order refuses without asking', () => {
    expect(parsePaperTrailArgs(['--asks', '--undelivered', '--delivered', 'PT-1041'])).toEqual({
      mode: 'stdio',
      asks: true,
      undelivered: true,
      delivered: 'PT-1041',
    });
  });

  it.each([
    [['--asks', '--delivered', 'order-1'], '--delivered needs an order id such as PT-1041'],
    [['--delivered', 'PT-1041'], '--delivered only makes sense together with --asks'],
    [['--http', '--port', 'eighty'], '--port must be a whole number, got "eighty"'],
    [['--http', '--port', '70000'], '--port must be between 0 and 65535'],
    [['--port', '8123'], '--port only makes sense together with --http'],
    [['--max-sessions', '3'], '--max-sessions only makes sense together with --http'],
    [
      ['--port', '1', '--no-get-stream', '--resumable'],
      '--port, --resumable and --no-get-stream only make sense together with --http',
    ],
    [['--http', '--session-idle', 'soon'], '--session-idle must be a whole number, got "soon"'],
    [['--http', '--session-idle', '0'], '--session-idle must be at least 1'],
    [['--http', '--max-sessions', '0'], '--max-sessions must be at least 1'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['--undelivered'], '--undelivered only makes sense together with --asks'],
  ])('rejects %j', (argv, message) => {
    expect(() => parsePaperTrailArgs(argv)).toThrow(ArgsError);
    expect(() => parsePaperTrailArgs(argv)).toThrow(message);
  });

  it('exits 2 with the message and usage on stderr, nothing on stdout', () => {
    const { command, args } = paperTrailCommand(['--http', '--port', 'eighty']);
    const run = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--port must be a whole number');
    expect(run.stderr).toContain('usage:');
  });
});
