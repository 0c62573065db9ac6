// Paper Trail v2 over HTTP checks Host and Origin before the SDK handler sees a request, so a
// page on another site that resolves its name to 127.0.0.1 (DNS rebinding) is refused.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperTrailV2Command } from '../../sandbox/paper-trail-v2/command.ts';
import { spawnPaperTrailHttp, type SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

let server: SpawnedHttpServer;
beforeAll(async () => {
  server = await spawnPaperTrailHttp({ commandFor: paperTrailV2Command });
});
afterAll(async () => {
  await server?.stop();
});

/** A GET with these headers (node:http, so Host can be set); resolves to the status. */
function statusWith(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(server.url, { method: 'GET', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Paper Trail v2 HTTP guard', () => {
  it('refuses a foreign Host or Origin with 403, and lets its own through (GET is then 405)', async () => {
    expect(await statusWith({ host: 'evil.example' })).toBe(403);
    expect(await statusWith({ origin: 'http://evil.example' })).toBe(403);
    expect(await statusWith({})).toBe(405);
    expect(await statusWith({ origin: 'http://localhost:5173' })).toBe(405);
  });
});
