import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { learnerEnv } from '../../sandbox/harness/learner-env.ts';

describe("a learner program's environment", () => {
  const from = {
    PATH: '/usr/bin',
    HOME: '/home/learner',
    GITHUB_TOKEN: 'secret',
    BASH_FUNC_x: '() { :; }',
    SHELL: '() { evil; }',
  };

  it('keeps what a program needs and none of the harness owner’s secrets', () => {
    const env = learnerEnv(from, { RUN: '1' });
    expect(env.PATH).toBe('/usr/bin');
    expect(env.HOME).toBe('/home/learner');
    expect(env.RUN).toBe('1');
    expect(env.GITHUB_TOKEN).toBeUndefined();
    expect(env.SHELL).toBeUndefined();
    expect(env.BASH_FUNC_x).toBeUndefined();
  });

  it('shares a compile cache outside the checkout unless told otherwise', () => {
    expect(learnerEnv(from, {}).NODE_COMPILE_CACHE?.startsWith(tmpdir())).toBe(true);
    expect(learnerEnv({ ...from, NODE_COMPILE_CACHE: '/cache' }, {}).NODE_COMPILE_CACHE).toBe(
      '/cache',
    );
    const off = learnerEnv({ ...from, NODE_DISABLE_COMPILE_CACHE: '1' }, {});
    expect(off.NODE_COMPILE_CACHE).toBeUndefined();
    expect(off.NODE_DISABLE_COMPILE_CACHE).toBe('1');
  });
});
