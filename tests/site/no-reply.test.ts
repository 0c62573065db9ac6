// A stray line's "no reply" is read off the capture: the peer's next reply belongs to a
// later request, and the run's stderr quotes the line. Judged on the committed capture and
// on small hand-made cases where the capture cannot tell.
import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { pairFrames } from '../../components/frames/view.ts';
import { loadCapture } from '../../components/frames/capture.ts';
import { noReplyEvidence, reportingLines } from '../../components/frames/no-reply.ts';

const line = (seq: number, dir: 'c2s' | 's2c', text: string | object): FrameRecord => ({
  seq,
  t: seq,
  dir,
  transport: 'stdio',
  text: typeof text === 'string' ? text : JSON.stringify(text),
});
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const pong = (id: number) => ({ result: {}, jsonrpc: '2.0', id });

describe('noReplyEvidence on the committed stdio capture', () => {
  it('finds that the stray line got no reply, names the ping reply and the stderr report', () => {
    const capture = loadCapture('stdio-session');
    const stray = capture.views.find((v) => v.info.kind === 'not-json');
    expect(stray).toBeDefined();
    const next = capture.views.find(
      (v) => v.record.seq > stray!.record.seq && v.record.dir === 's2c',
    )!;
    expect(stray!.noReply).toEqual({
      nextReply: { seq: next.record.seq, answers: next.pairedWith, method: 'ping' },
      captureEnds: false,
      stderr: [expect.stringContaining('is not valid JSON')],
    });
    // The quoted line really is in the sidecar written by the same capture run.
    expect(capture.stderr).toContain(stray!.noReply!.stderr[0]);
    // Only the stray line carries such a note.
    expect(capture.views.filter((v) => v.noReply).length).toBe(1);
  });
});

describe('noReplyEvidence on hand-made sequences', () => {
  it('says nothing for a JSON-RPC frame or an HTTP frame', () => {
    const views = pairFrames([line(0, 'c2s', ping(1)), line(1, 's2c', pong(1))]);
    expect(noReplyEvidence(views[0]!, views)).toBeUndefined();
    const http = pairFrames([{ ...line(0, 'c2s', 'oops'), transport: 'http' }]);
    expect(noReplyEvidence(http[0]!, http)).toBeUndefined();
  });

  it('skips replies to earlier requests before it finds the proof', () => {
    const views = pairFrames([
      line(0, 'c2s', ping(1)),
      line(1, 'c2s', 'not json at all'),
      line(2, 'c2s', ping(2)),
      line(3, 's2c', pong(1)),
      line(4, 's2c', pong(2)),
    ]);
    expect(noReplyEvidence(views[1]!, views)).toMatchObject({
      nextReply: { seq: 4, answers: 2, method: 'ping' },
    });
  });

  it('makes no claim when a reply with a null id (a parse error) follows', () => {
    const views = pairFrames([
      line(0, 'c2s', 'not json at all'),
      line(1, 's2c', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
      line(2, 'c2s', ping(2)),
      line(3, 's2c', pong(2)),
    ]);
    expect(noReplyEvidence(views[0]!, views)).toBeUndefined();
  });

  it('says the capture ends when nothing answers after the line', () => {
    const views = pairFrames([line(0, 'c2s', ping(1)), line(1, 'c2s', '{"id":null}')]);
    expect(views[1]!.info.kind).toBe('not-jsonrpc');
    expect(noReplyEvidence(views[1]!, views)).toEqual({ captureEnds: true, stderr: [] });
  });

  it('quotes only stderr lines that quote the start of the line, and only for the server', () => {
    const logs = [
      'paper-trail: speaking MCP on stdio',
      'paper-trail: Unexpected token \'b\', "banner: v1"... is not valid JSON',
      'paper-trail: Unexpected token \'o\', "other line"... is not valid JSON',
    ];
    expect(reportingLines('banner: v1.2.3 starting', logs)).toEqual([logs[1]]);
    const views = pairFrames([line(0, 's2c', 'banner: v1.2.3 starting')]);
    expect(noReplyEvidence(views[0]!, views, logs)?.stderr).toEqual([]);
  });
});
