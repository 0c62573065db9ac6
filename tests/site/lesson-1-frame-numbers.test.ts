// Lesson 1 names frames by number in its prose ("frame 4", "frames 5 and 6", "tools/list
// first (frame 3)"). A re-capture that shifts them would leave the words pointing at the wrong
// bytes while every frame still renders; this test notices.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../../components/frames/capture.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const lesson = readFileSync('lessons/01-hosts-clients-servers/lesson.mdx', 'utf8');
const a = loadCapture('host-client-a');
const b = loadCapture('host-client-b');
const inspector = loadCapture('inspector-cli');
const at = (capture: typeof a, seq: number) => capture.views[seq]!;
const text = (capture: typeof a, seq: number) => at(capture, seq).record.text;

describe('frame numbers in hosts-clients-servers.mdx', () => {
  it('opens both host sessions the same way, each with id 0', () => {
    expect(lesson).toContain('capture="host-client-a"\n  seq={[0, 1, 2]}');
    expect(lesson).toContain('capture="host-client-b"\n  seq={[0, 1, 2]}');
    for (const capture of [a, b]) {
      expect(at(capture, 0).info).toMatchObject({ kind: 'request', method: 'initialize' });
      expect(text(capture, 0)).toContain('"id":0');
      expect(at(capture, 1).pairedWith).toBe(0);
      expect(at(capture, 2).info).toMatchObject({ method: 'notifications/initialized' });
    }
    // "The SDK writes method, params, jsonrpc, id" and "declares capabilities: {}".
    expect(text(a, 0)).toMatch(/^\{"method":"initialize","params":.*"jsonrpc":"2.0","id":0\}$/);
    expect(text(a, 0)).toContain('"capabilities":{}');
    expect(text(a, 0)).toContain(
      '"clientInfo":{"name":"paper-trail-course-host","version":"1.0.0"}',
    );
  });

  it('shows the carrier key missing for client A and present for client B', () => {
    expect(lesson).toContain('capture="host-client-a"\n  seq={[3, 4]}');
    expect(lesson).toContain('capture="host-client-b"\n  seq={[3, 4]}');
    expect(at(a, 3).info.method).toBe('resources/read');
    expect(text(a, 4)).toContain('not set');
    expect(text(b, 4)).toContain('\\"PAPER_TRAIL_CARRIER_KEY\\":\\"set\\"');
    // "the tool call after it (frames 5 and 6)"
    expect(lesson).toContain('(frames 5 and 6)');
    expect(at(a, 5).info.method).toBe('tools/call');
    expect(at(a, 6).pairedWith).toBe(5);
    const stderrA = readFileSync(captureFile('host-client-a.stderr.txt'), 'utf8');
    const stderrB = readFileSync(captureFile('host-client-b.stderr.txt'), 'utf8');
    expect(stderrA).toContain('PAPER_TRAIL_CARRIER_KEY is not set');
    expect(stderrB).not.toContain('PAPER_TRAIL_CARRIER_KEY');
  });

  it('describes the Inspector session as it was captured', () => {
    // "inspector-cli version 1.0.3 (frame 0)", "tools/list first (frame 3), then the call (frame 5)"
    expect(lesson).toContain('`inspector-cli` version `1.0.3` (frame 0)');
    expect(text(inspector, 0)).toContain('"clientInfo":{"name":"inspector-cli","version":"1.0.3"}');
    expect(lesson).toContain('`tools/list` first (frame 3), then the call (frame 5)');
    expect(at(inspector, 3).info.method).toBe('tools/list');
    expect(at(inspector, 5).info.method).toBe('tools/call');
  });
});
