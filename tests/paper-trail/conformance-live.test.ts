// The conformance suite's server scenarios against Paper Trail --live, which declares
// completions and resources.subscribe, pages resources/list and serves a template. Held to
// the same baseline as plain Paper Trail: the scenarios that now reach a real handler
// (completion-complete, resources-subscribe, resources-unsubscribe) still fail, on the
// suite's fixture names, and this test pins down that it is the names and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from './conformance-run.ts';

describe('conformance suite against Paper Trail --live', () => {
  let run: ConformanceRun;
  beforeAll(async () => {
    run = await runConformance({ flags: ['--live'] });
  }, 150_000);
  afterAll(() => run?.close());
  const checksOf = (scenario: string) => run.checksOf(scenario);

  it('fails exactly the scenarios in the baseline', () => {
    expect(run.stdout).toContain('Baseline check passed');
    expect(run.exitCode).toBe(0);
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
