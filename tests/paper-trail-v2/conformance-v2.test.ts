// The official conformance suite (server scenarios, active suite) against Paper Trail v2 over
// streamable HTTP, held to its own baseline (conformance-baseline-v2.yml). The suite speaks
// 2025-11-25 only, so this tests the v2 build as an older client meets it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpV2Server } from '../../sandbox/paper-trail-v2/http.ts';
import { runConformanceOn, type ConformanceRun } from '../paper-trail/conformance-run.ts';

const BASELINE = fileURLToPath(new URL('./conformance-baseline-v2.yml', import.meta.url));
const CONFORMANCE = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);

describe('conformance suite against Paper Trail v2', () => {
  let run: ConformanceRun;
  beforeAll(async () => {
    const server = await startHttpV2Server({ port: 0, legacy: 'serve', log: () => {} });
    run = await runConformanceOn({ url: server.url, stop: () => server.close() }, BASELINE);
  }, 150_000);
  afterAll(() => run?.close());

  it('fails exactly the scenarios in its baseline', () => {
    expect(run.stdout).toContain('Baseline check passed');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Total: 6 passed, 24 failed');
  });

  it.each([
    'server-initialize',
    'ping',
    'tools-list',
    'resources-list',
    'dns-rebinding-protection',
  ])('passes %s', (scenario) => {
    const checks = run.checksOf(scenario);
    expect(checks.some((c) => c.status === 'SUCCESS')).toBe(true);
    expect(checks.filter((c) => !['SUCCESS', 'INFO'].includes(c.status))).toEqual([]);
  });

  it('warns that a stateless server gives no session id for multiple streams', () => {
    const [check] = run.checksOf('server-sse-multiple-streams');
    expect(check).toMatchObject({ status: 'WARNING', id: 'server-sse-multiple-streams-session' });
  });

  // What the failures mean, pinned so a changed reason is noticed, not only a changed count.
  it.each([
    ['prompts-list', 'MCP error -32601: Method not found'],
    ['tools-call-simple-text', 'MCP error -32602: Tool test_simple_text not found'],
    ['resources-read-text', 'MCP error -32602: Resource not found: test://static-text'],
  ])('%s fails with %s', (scenario, error) => {
    const failed = run.checksOf(scenario).find((c) => c.status === 'FAILURE');
    expect(failed?.errorMessage).toContain(error);
  });

  it('has no 2026-07-28 suite to run', async () => {
    const failed = await promisify(execFile)(process.execPath, [
      CONFORMANCE,
      'list',
      '--server',
      '--spec-version',
      '2026-07-28',
    ]).catch((error: { stderr?: string }) => error);
    expect(String((failed as { stderr?: string }).stderr)).toContain(
      'Unknown spec version: 2026-07-28',
    );
  });
});
