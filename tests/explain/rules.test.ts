// Each rule on a few frames built here: the mistake it names is found at its frame, and the
// same session without the mistake gives no finding, so every rule can fail both ways.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ruleSections } from '../../sandbox/course/rule-sections.ts';
import { findings } from '../../sandbox/explain/findings.ts';
import { findingLine } from '../../sandbox/explain/summary.ts';
import type { FrameRecord, HttpMeta } from '../../sandbox/wire/record.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Dir = FrameRecord['dir'];
const frames = (...parts: [Dir, unknown, Partial<HttpMeta>?][]): FrameRecord[] =>
  parts.map(([dir, body, http], seq) => ({
    seq,
    t: seq,
    dir,
    transport: http ? 'http' : 'stdio',
    text: typeof body === 'string' ? body : JSON.stringify(body),
    ...(http ? { http: { exchange: 0, part: 'request', headers: {}, ...http } } : {}),
  }));
const found = (fs: FrameRecord[]) => findings(fs).map((f) => `${f.seq} ${f.rule}`);

const init = (id: number | string = 1, version = '2025-11-25') => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = (id: number | string = 1, version = '2025-11-25') => ({
  jsonrpc: '2.0',
  id,
  result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const req = (id: number | string, method: string, params?: object) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
const ok = (id: number | string, result: object = {}) => ({ jsonrpc: '2.0', id, result });
const start: [Dir, unknown][] = [
  ['c2s', init()],
  ['s2c', initResult()],
  ['c2s', initialized],
];

describe('the explainer rules', () => {
  it('finds nothing in a clean session', () => {
    expect(found(frames(...start, ['c2s', req(2, 'tools/list')], ['s2c', ok(2)]))).toEqual([]);
  });

  it('names stray text on a stdio stdout, and a message glued behind it', () => {
    const fs = frames(['s2c', 'server ready'], ...start, ['c2s', req(2, 'ping')]);
    fs.push({ ...fs[0]!, seq: 5, text: `loading…${JSON.stringify(ok(2))}` });
    expect(found(fs)).toEqual(['0 stray-stdout', '5 glued-message']);
    const first = findings(fs, ruleSections(ROOT))[0]!;
    expect(String(first.message)).toContain('"server ready"');
    expect(first.href).toBe('/lessons/stdout-belongs-to-the-protocol/#what-a-stray-line-costs');
  });

  it('names a pretty-printed message once, and JSON that is not JSON-RPC', () => {
    const pretty = JSON.stringify(req(2, 'ping'), null, 2).split('\n');
    const fs = frames(...start, ...pretty.map((l): [Dir, string] => ['c2s', l]));
    expect(found(fs)).toEqual(['3 one-message-per-line']);
    expect(found(frames(...start, ['c2s', { id: 2, method: 'ping' }]))).toEqual(['3 not-jsonrpc']);
  });

  it('names a notification with an id, a null id and a reused id', () => {
    expect(
      found(frames(['c2s', init()], ['s2c', initResult()], ['c2s', { ...initialized, id: 7 }])),
    ).toEqual(['2 notification-id', '2 unanswered']);
    expect(
      found(
        frames(
          ...start,
          ['c2s', req(2, 'ping')],
          ['s2c', ok(2)],
          ['c2s', { ...req(3, 'ping'), id: null }],
        ),
      ),
    ).toEqual(['5 request-id']);
    expect(found(frames(...start, ['c2s', req(1, 'ping')], ['s2c', ok(1)]))).toEqual([
      '3 request-id',
    ]);
  });

  it('names a reply to no request, by value and by type, and a request never answered', () => {
    expect(found(frames(...start, ['s2c', ok(5)]))).toEqual(['3 reply-to-nothing']);
    const typed = frames(...start, ['s2c', req(0, 'roots/list')], ['c2s', ok('0', { roots: [] })]);
    expect(found(typed)).toEqual(['4 reply-to-nothing']);
    expect(String(findings(typed)[0]!.message)).toContain('another type');
    expect(found(frames(...start, ['c2s', req(2, 'tools/list')]))).toEqual(['3 unanswered']);
  });

  it('tells an unknown tool answered as a tool error from a tool that failed', () => {
    const listed = ok(2, { tools: [{ name: 'order_status', inputSchema: { type: 'object' } }] });
    const toolError = (id: number) =>
      ok(id, { content: [{ type: 'text', text: 'no' }], isError: true });
    const call = (id: number, name: string) => req(id, 'tools/call', { name, arguments: {} });
    const session = frames(
      ...start,
      ['c2s', req(2, 'tools/list')],
      ['s2c', listed],
      ['c2s', call(3, 'order_status')],
      ['s2c', toolError(3)],
      ['c2s', call(4, 'cancel_order')],
      ['s2c', toolError(4)],
    );
    expect(found(session)).toEqual(['8 unknown-tool-as-tool-error']);
  });

  it('holds a client to the handshake, and to hanging up on a version it cannot speak', () => {
    expect(found(frames(['c2s', req(0, 'tools/list')], ['s2c', ok(0)], ...start))).toEqual([
      '0 before-initialize-result',
    ]);
    expect(
      found(frames(['c2s', init()], ['c2s', req(2, 'tools/list')], ['s2c', initResult()])),
    ).toEqual(['1 unanswered', '1 before-initialize-result']);
    expect(
      found(
        frames(
          ['c2s', init()],
          ['s2c', initResult()],
          ['c2s', req(2, 'ping')],
          ['c2s', req(3, 'tools/list')],
          ['s2c', ok(2)],
          ['s2c', ok(3)],
        ),
      ),
    ).toEqual(['3 no-initialized']);
    const future = (then: [Dir, unknown][]) =>
      frames(['c2s', init()], ['s2c', initResult(1, '2099-01-01')], ...then);
    expect(found(future([['c2s', initialized]]))).toEqual(['2 version-not-hung-up']);
    expect(found(future([]))).toEqual([]);
    // An older answer may be one the client speaks.
    expect(
      found(frames(['c2s', init()], ['s2c', initResult(1, '2025-06-18')], ['c2s', initialized])),
    ).toEqual([]);
  });

  it('names progress after the result, and cancels that are late or for initialize', () => {
    const call = req(2, 'tools/call', { name: 't', _meta: { progressToken: 'p' } });
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p', progress: 1 },
    };
    const cancel = (requestId: unknown) => ({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId },
    });
    expect(found(frames(...start, ['c2s', call], ['s2c', progress], ['s2c', ok(2)]))).toEqual([]);
    expect(found(frames(...start, ['c2s', call], ['s2c', ok(2)], ['s2c', progress]))).toEqual([
      '5 progress-after-result',
    ]);
    expect(found(frames(...start, ['c2s', call], ['c2s', cancel(2)]))).toEqual([]);
    expect(found(frames(...start, ['c2s', call], ['s2c', ok(2)], ['c2s', cancel(2)]))).toEqual([
      '5 cancel-not-in-flight',
    ]);
    expect(found(frames(...start, ['c2s', call], ['s2c', ok(2)], ['c2s', cancel('2')]))).toEqual([
      '5 cancel-not-in-flight',
    ]);
    expect(found(frames(['c2s', init()], ['c2s', cancel(1)]))).toEqual(['1 cancel-initialize']);
  });

  it('holds HTTP requests after initialize to the session and version headers', () => {
    const post = (exchange: number, headers: Record<string, string> = {}) => ({
      exchange,
      part: 'request' as const,
      method: 'POST',
      path: '/mcp',
      headers,
    });
    const reply = (exchange: number, status: number, headers: Record<string, string> = {}) => ({
      exchange,
      part: 'response' as const,
      status,
      headers,
    });
    const both = { 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-11-25' };
    const session = (last: Record<string, string>, status = 202) =>
      frames(
        ['c2s', init(), post(0)],
        ['s2c', initResult(), reply(0, 200, { 'mcp-session-id': 's1' })],
        ['c2s', initialized, post(1, last)],
        ['s2c', '', reply(1, status)],
      );
    expect(found(session(both))).toEqual([]);
    expect(found(session({ 'mcp-protocol-version': '2025-11-25' }, 400))).toEqual([
      '2 session-id-header',
    ]);
    expect(found(session({ 'mcp-session-id': 's1' }))).toEqual(['2 protocol-version-header']);
    expect(found(session(both, 200))).toEqual(['3 notification-not-202']);
    // Two sessions through one tap may each use id 2; one session may not use it twice.
    const call = (exchange: number, sid: string): [Dir, unknown, Partial<HttpMeta>][] => [
      [
        'c2s',
        req(2, 'ping'),
        post(exchange, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }),
      ],
      ['s2c', ok(2), reply(exchange, 200)],
    ];
    const two = (second: string) =>
      frames(
        ['c2s', init(), post(0)],
        ['s2c', initResult(), reply(0, 200, { 'mcp-session-id': 'a' })],
        ['c2s', init(), post(1)],
        ['s2c', initResult(), reply(1, 200, { 'mcp-session-id': 'b' })],
        ...call(2, 'a'),
        ...call(3, second),
      );
    expect(found(two('b')).filter((f) => f.endsWith('request-id'))).toEqual([]);
    expect(found(two('a')).filter((f) => f.endsWith('request-id'))).toEqual(['6 request-id']);
    const sse = (id?: string) =>
      frames(
        ['c2s', init(), post(0)],
        ['s2c', '', reply(0, 200, { 'mcp-session-id': 's1' })],
        ['s2c', '', { exchange: 0, part: 'sse', ...(id ? { id } : {}) }],
        ['s2c', initResult(), { exchange: 0, part: 'sse' }],
      );
    expect(found(sse('prime-1'))).toEqual([]);
    expect(found(sse())).toEqual(['2 sse-no-data']);
  });

  it('prints a finding on one line, control characters from the capture escaped', () => {
    const hostile = req(2, 'notifications/\u001b[2J\nmessage');
    const [finding] = findings(frames(...start, ['c2s', hostile], ['s2c', ok(2)]));
    const line = findingLine(finding!, 'http://localhost:4321');
    // eslint-disable-next-line no-control-regex
    expect(line).not.toMatch(/[\u0000-\u001f]/);
    expect(line).toContain('notifications/\\u001b[2J\\u000amessage');
  });

  it('holds a request no initialize came before to the 2026-07-28 envelope', () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
    };
    expect(found(frames(['c2s', req(1, 'tools/list', { _meta: meta })], ['s2c', ok(1)]))).toEqual(
      [],
    );
    const bare = findings(
      frames(
        ['c2s', req(1, 'tools/list', { _meta: meta })],
        ['s2c', ok(1)],
        ['c2s', req(2, 'tools/list')],
        ['s2c', ok(2)],
      ),
    );
    expect(bare.map((f) => `${f.seq} ${f.rule}`)).toEqual(['2 meta-envelope']);
    expect(String(bare[0]!.message)).toContain('has no params._meta');
    // A log cut from the middle of a 2025 session shows neither revision: nothing to hold it to.
    expect(found(frames(['c2s', req(2, 'tools/list')], ['s2c', ok(2)]))).toEqual([]);
    const refused = { jsonrpc: '2.0', id: 2, error: { code: -32022, message: 'Unsupported' } };
    expect(found(frames(['c2s', req(2, 'tools/list')], ['s2c', refused]))).toEqual([
      '0 meta-envelope',
    ]);
  });
});
