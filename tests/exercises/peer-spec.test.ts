// exercise.json's run.peer, { server, transport, flags }: what cannot run is refused when the
// exercise loads, in a sentence that names the file and the field, before any run starts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExercise } from '../../sandbox/exercises/loader.ts';

const tmp = mkdtempSync(join(tmpdir(), 'exercises-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The message loading an exercise whose peer is `peer` fails with ('' when it loads). */
function loadWithPeer(id: string, peer: unknown): string {
  mkdirSync(join(tmp, id, 'starter'), { recursive: true });
  writeFileSync(join(tmp, id, 'starter', 'client.ts'), '');
  writeFileSync(
    join(tmp, id, 'exercise.json'),
    JSON.stringify({
      title: 'A peer',
      summary: 's',
      files: { editable: ['client.ts'] },
      run: { program: 'client.ts', peer },
      howToRun: 'node client.ts',
      hints: ['h'],
    }),
  );
  try {
    loadExercise(tmp, id);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('run.peer in exercise.json', () => {
  it('loads a known server over stdio and over http, and a file over stdio', () => {
    expect(loadWithPeer('v1-stdio', { server: 'paper-trail', transport: 'stdio' })).toBe('');
    expect(
      loadWithPeer('v1-http', { server: 'paper-trail', transport: 'http', flags: ['--x'] }),
    ).toBe('');
    expect(loadWithPeer('v2-stdio', { server: 'paper-trail-v2', transport: 'stdio' })).toBe('');
    expect(loadWithPeer('file', { server: { file: 'server.ts' }, transport: 'stdio' })).toBe('');
  });

  it('refuses a server it does not know, naming the field and the servers it does', () => {
    const message = loadWithPeer('unknown', { server: 'paper-trail-v3', transport: 'stdio' });
    expect(message).toMatch(/unknown\/exercise\.json: run\.peer\.server: must be one of/);
    expect(message).toContain('"paper-trail", "paper-trail-v2"');
    expect(message).toContain('got "paper-trail-v3"');
  });

  it('refuses a file over http, and a file with flags', () => {
    expect(loadWithPeer('file-http', { server: { file: 'server.ts' }, transport: 'http' })).toMatch(
      /file-http\/exercise\.json: run\.peer\.transport: a file .*server\.ts.* "stdio" only/,
    );
    expect(
      loadWithPeer('file-flags', {
        server: { file: 'server.ts' },
        transport: 'stdio',
        flags: ['--x'],
      }),
    ).toMatch(/file-flags\/exercise\.json: run\.peer\.flags: .*started without flags/);
  });

  it('refuses a server over a transport it does not serve a harness on', () => {
    expect(loadWithPeer('v2-http', { server: 'paper-trail-v2', transport: 'http' })).toMatch(
      /v2-http\/exercise\.json: run\.peer\.transport: "paper-trail-v2" serves a harness over "stdio" only/,
    );
  });

  it('refuses the shape peers had before, saying what a peer is now', () => {
    const message = loadWithPeer('old-shape', { kind: 'paper-trail' });
    expect(message).toMatch(/old-shape\/exercise\.json: run\.peer\.server: .*it is missing/);
    expect(message).toMatch(/old-shape\/exercise\.json: run\.peer\.transport: .*it is missing/);
    expect(message).toMatch(
      /old-shape\/exercise\.json: run\.peer: a peer is \{ "server", "transport", "flags" \}; "kind"/,
    );
  });
});
