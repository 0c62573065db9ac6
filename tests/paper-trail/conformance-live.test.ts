// The conformance suite's server scenarios against Paper Trail --live, which declares
// completions and resources.subscribe, pages resources/list and serves a template. Held to
// the same baseline as plain Paper Trail: the scenarios that now reach a real handler
// (completion-complete, resources-subscribe, resources-unsubscribe) still fail, on the
// suite's fixture names, and this test pins down that it is the names and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

const run = promisify(execFile);
const conformance = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
const baseline = fileURLToPath(new URL('./conformance-baseline.yml', import.meta.url));

interface Check {
  status: string;
  errorMessage?: string;
}

describe('conformance suite against Paper Trail --live', () => {
  let server: SpawnedHttpServer;
  const output = mkdtempSync(join(tmpdir(), 'conformance-live-'));
  let stdout = '';
  let exitCode = 0;
  beforeAll(async () => {
    server = await spawnPaperTrailHttp({ flags: ['--live'] });
    try {
      ({ stdout } = await run(
        process.execPath,
        [conformance, 'server', '--url', server.url, '--expected-failures', baseline, '-o', output],
        { timeout: 120_000 },
      ));
    } catch (error) {
      const failed = error as { stdout?: string; code?: number };
      stdout = failed.stdout ?? String(error);
      exitCode = failed.code ?? 1;
    }
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(output, { recursive: true, force: true });
  });

  const checksOf = (scenario: string): Check[] => {
    const dir = readdirSync(output).find((name) => name.startsWith(`server-${scenario}-`));
    if (!dir) throw new Error(`no results for ${scenario} in ${output}`);
    return JSON.parse(readFileSync(join(output, dir, 'checks.json'), 'utf8')) as Check[];
  };

  it('fails exactly the scenarios in the baseline', () => {
    expect(stdout).toContain('Baseline check passed');
    expect(exitCode).toBe(0);
  });

  it.each(['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list'])(
    'passes %s on its own merits',
    (scenario) => {
      const checks = checksOf(scenario);
      expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
      expect(checks.filter((check) => !['SUCCESS', 'INFO'].includes(check.status))).toEqual([]);
    },
  );

  it.each([
    ['completion-complete', 'Prompt test_prompt_with_arguments not found'],
    ['resources-subscribe', 'Resource test://watched-resource not found'],
    ['resources-unsubscribe', 'Resource test://watched-resource not found'],
  ])('%s reaches the handler and fails only on the fixture name', (scenario, why) => {
    const failed = checksOf(scenario).filter((check) => check.status === 'FAILURE');
    expect(failed.length).toBeGreaterThan(0);
    for (const check of failed) expect(check.errorMessage).toContain(why);
  });
});
