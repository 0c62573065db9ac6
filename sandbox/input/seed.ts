// A run's seed: one number from which a check run draws everything it varies (Paper Trail's
// data, where the tap cuts the peer's bytes), so that a failure can be run again exactly.
import { randomInt } from 'node:crypto';

/** A fresh seed for a check run. */
export function newSeed(): number {
  return randomInt(1, 2 ** 31);
}

/**
 * A number in [0, 1) that depends only on the seed and the salts: the same question asked
 * in the same run gets the same answer, however the bytes happened to arrive (mulberry32).
 */
export function seeded(seed: number, ...salts: number[]): number {
  let h = seed >>> 0;
  for (const salt of salts) h = Math.imul(h ^ (salt + 0x9e3779b9), 0x85ebca6b) >>> 0;
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The value of `--seed N` in argv, for entry points that take no other flags. */
export function seedFlag(argv: readonly string[]): number | undefined {
  const i = argv.indexOf('--seed');
  if (i === -1) return undefined;
  const value = argv[i + 1] ?? '';
  if (!/^\d+$/.test(value)) throw new Error(`--seed must be a whole number, got "${value}"`);
  return Number(value);
}
