// The two answers a check gives, built one way everywhere so that an outcome carries its
// frame only when there is one, and a check's body reads as what it decides. Written as a
// template tag, an answer is one sentence on one line, about the first frame it mentions:
//   return fail`Your ${frameRef(seq)} has "id": null.`;      // frame: seq
//   return fail(say`… ${frameRef(a)} … ${frameRef(b)} …`, b);  // about another frame
import type { Outcome, Said } from '../contract/check.ts';
import { say } from './say.ts';

type Value = Parameters<typeof say>[1];

function isTemplate(value: unknown): value is TemplateStringsArray {
  return Array.isArray(value) && 'raw' in value;
}

/** The first frame a message mentions: what a message that names a frame is about. */
function firstMention(message: Said): number | undefined {
  for (const part of message.parts) if (typeof part !== 'string') return part.frame;
  return undefined;
}

function outcome(ok: boolean, args: unknown[]): Outcome {
  let message: string | Said;
  let frame: number | undefined;
  let hint: string | undefined;
  if (isTemplate(args[0])) {
    const said = say(args[0], ...(args.slice(1) as Value[]));
    [message, frame] = [said, firstMention(said)];
  } else {
    [message, frame, hint] = args as [string | Said, number?, string?];
  }
  const out: Outcome = frame === undefined ? { ok, message } : { ok, frame, message };
  if (!ok && hint !== undefined) out.hint = hint;
  return out;
}

interface Builder {
  /** As a tag: the message written with `say`, the outcome about the first frame it mentions. */
  (strings: TemplateStringsArray, ...values: Value[]): Outcome;
  /** As a call: the message as given, about `frame` (or no frame); a failure may bring a hint
   *  of its own, shown instead of the check's. */
  (message: string | Said, frame?: number, hint?: string): Outcome;
}

/** The check passed. */
export const pass: Builder = (...args: unknown[]) => outcome(true, args);
/** The check failed. */
export const fail: Builder = (...args: unknown[]) => outcome(false, args);

/** What a rule gives back: an outcome that ends the check, or nothing (the rule holds). */
export type RuleResult = Outcome | undefined | null | false;

/**
 * A check as its rules, in the order the learner should hear about them: the first rule that
 * gives an outcome is the check's answer, and `otherwise` is the answer when every rule holds.
 * Rules run lazily, so a later rule may rely on what an earlier one ruled out.
 */
export function firstFailure(
  rules: readonly (() => RuleResult)[],
  otherwise: Outcome | (() => Outcome),
): Outcome {
  for (const rule of rules) {
    const out = rule();
    if (out) return out;
  }
  return typeof otherwise === 'function' ? otherwise() : otherwise;
}

/** The first item a rule fails on, for rules that hold of every request, exchange or line. */
export function firstFailing<T>(
  items: Iterable<T>,
  rule: (item: T, index: number) => RuleResult,
): Outcome | undefined {
  let i = 0;
  for (const item of items) {
    const out = rule(item, i++);
    if (out) return out;
  }
  return undefined;
}
