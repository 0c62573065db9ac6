// The workshop's static server against request targets a hostile page can make a browser
// send (an <img src> is enough): none may take the server down, none may reach outside the
// site, and a redirect never carries a decoded path into a header.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWorkshopProcess, type WorkshopProcess } from './workshop-process.ts';
import { rawGet } from './raw-socket.ts';

// A server per case, so that one crash cannot hide what the other cases would do.
let workshop: WorkshopProcess;

beforeEach(async () => {
  workshop = await startWorkshopProcess(['--no-runtime']);
});
afterEach(() => workshop.dispose());

function location(text: string): string | undefined {
  return /^location: (.*)$/im.exec(text)?.[1];
}

// Each target is what goes on the request line, byte for byte.
const HOSTILE: { name: string; target: string }[] = [
  { name: 'an encoded newline', target: '/lessons/%0A%2F..' },
  { name: 'an encoded carriage return', target: '/lessons/%0D%2F..' },
  { name: 'an encoded CRLF with a header after it', target: '/lessons/%0D%0AX-Evil:%201%2F..' },
  { name: 'an encoded character above U+00FF', target: '/lessons/%E2%80%A6%2F..' },
  { name: 'a raw character above U+00FF', target: '/lessons/\u2026%2F..' },
  { name: 'an encoded NUL', target: '/lessons/%00%2F..' },
  { name: 'a bare NUL in a file name', target: '/index.html%00.png' },
  { name: 'dot segments', target: '/lessons/../../../etc/passwd' },
  { name: 'encoded dot segments', target: '/%2E%2E/%2E%2E/etc/passwd' },
  { name: 'encoded slashes and dots', target: '/..%2F..%2F..%2Fetc%2Fpasswd' },
  { name: 'a broken escape', target: '/lessons/%E2%80' },
];

describe('workshop static server under hostile paths', () => {
  it.each(HOSTILE)('answers $name and stays up', async ({ target }) => {
    const answer = await rawGet(workshop.port, target);
    expect(answer.status, `no answer; the server printed:\n${workshop.log()}`).not.toBeNull();
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toContain('root:');
    expect(answer.text).not.toMatch(/^x-evil:/im);
    const to = location(answer.text);
    // A redirect names the path still encoded: printable ASCII only.
    if (to !== undefined) expect(to).toMatch(/^[\x21-\x7e]+$/);
    expect(workshop.child.exitCode).toBeNull();
    const home = await rawGet(workshop.port, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>home</title>');
  });

  it('still redirects a folder to its slash form, encoded', async () => {
    const answer = await rawGet(workshop.port, '/lessons?x=1');
    expect(answer.status).toBe(308);
    expect(location(answer.text)).toBe('/lessons/?x=1');
  });

  it('answers a search too long to read with a page that says so, and stays up', async () => {
    const answer = await rawGet(workshop.port, `/search/?q=${'isError+'.repeat(2_500)}`);
    expect(answer.status).toBe(431);
    expect(answer.text).toContain('This address is too long for the workshop server to read');
    expect(answer.text).toContain('<a href="/search/">search again</a>');
    const home = await rawGet(workshop.port, '/');
    expect(home.status).toBe(200);
  });

  it('answers a path with control characters with 400, naming the problem', async () => {
    const answer = await rawGet(workshop.port, '/lessons/%0A');
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/control character/);
  });
});
