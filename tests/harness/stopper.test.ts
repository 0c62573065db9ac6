// The verdict rule of a session, without processes: the first limit hit names the verdict,
// a crash counts only when nothing stopped the program first, and nothing is judged before
// the program runs.
import { describe, expect, it } from 'vitest';
import { ByteBudget, Stopper } from '../../sandbox/harness/limits.ts';

describe('Stopper', () => {
  it('keeps the first reason and kills on every stop', () => {
    const stopper = new Stopper();
    let kills = 0;
    stopper.attach(() => kills++);
    stopper.stop('output-limit');
    stopper.stop('timeout');
    stopper.note('crashed');
    expect(stopper.verdict).toBe('output-limit');
    expect(kills).toBe(2);
  });

  it('notes a crash when nothing stopped the program', () => {
    const stopper = new Stopper();
    stopper.attach(() => {});
    expect(stopper.verdict).toBeNull();
    stopper.note('crashed');
    expect(stopper.verdict).toBe('crashed');
  });

  it('ignores a stop before the program runs', () => {
    const stopper = new Stopper();
    stopper.stop('output-limit');
    expect(stopper.verdict).toBeNull();
  });
});

describe('ByteBudget', () => {
  it('allows up to the cap and refuses past it', () => {
    const budget = new ByteBudget(10);
    expect(budget.spend(6)).toBe(true);
    expect(budget.spend(4)).toBe(true);
    expect(budget.spend(1)).toBe(false);
  });
});
