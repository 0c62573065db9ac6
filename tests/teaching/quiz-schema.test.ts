// The quiz's props are checked when a lesson is built; these pin the sentences an author reads.
import { describe, expect, it } from 'vitest';
import {
  fairnessProblems,
  frameProblem,
  parseQuiz,
  quizSchema,
} from '../../components/teaching/quiz-schema.ts';
import { InputError } from '../../sandbox/input/friendly-errors.ts';

const FILE = 'lessons/the-wire.mdx';
const good = {
  question: 'Which reply pairs with a request?',
  options: [
    { text: 'The one with the same `id`', correct: true, why: 'Pairing is by id.' },
    { text: 'The next one after its `method`', why: 'Order says nothing.' },
  ],
};

function linesOf(input: unknown): string[] {
  try {
    parseQuiz(input, FILE);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return [...(err as InputError).lines];
  }
  throw new Error('expected the quiz to be refused');
}

describe('parseQuiz', () => {
  it('accepts good questions, text and frame options, and defaults correct to false', () => {
    const frameQuestion = {
      question: 'Which frame gets no reply?',
      options: [
        { frame: { capture: 'stdio-session', seq: 2 }, correct: true, why: 'No id.' },
        { frame: { capture: 'stdio-session', seq: 0 }, text: 'initialize', why: 'A request.' },
      ],
    };
    const parsed = parseQuiz([good, frameQuestion], FILE);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]!.options[1]!.correct).toBe(false);
    expect(parsed[1]!.options[0]!.frame).toEqual({ capture: 'stdio-session', seq: 2 });
  });

  it('names the file and the question that has no correct option', () => {
    const noneRight = { ...good, options: good.options.map((o) => ({ ...o, correct: false })) };
    expect(linesOf([good, noneRight])).toEqual([
      'lessons/the-wire.mdx: Quiz question 2 has no correct option (mark the right one with correct: true)',
    ]);
  });

  it('names the option whose explanation is missing', () => {
    const noWhy = { ...good, options: [good.options[0], { text: 'The next `one`' }] };
    expect(linesOf([noWhy])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options.1.why: why must be text',
    ]);
    const emptyWhy = { ...good, options: [good.options[0], { text: '`x`', why: '  ' }] };
    expect(linesOf([emptyWhy])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options.1.why: why must not be empty',
    ]);
  });

  it('refuses an option with neither text nor frame, a lone option, and unknown fields', () => {
    expect(linesOf([{ ...good, options: [...good.options, { why: 'because' }] }])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options.2: needs text, a frame ({ capture, seq }), or both',
    ]);
    expect(linesOf([{ ...good, options: [good.options[0]] }])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options: options must offer at least two answers',
    ]);
    const typo = { ...good, options: [{ ...good.options[0], corect: true }, good.options[1]] };
    expect(linesOf([typo])[0]).toMatch(
      /^lessons\/the-wire\.mdx: Quiz question 1, options\.0: .*corect/,
    );
  });

  it('refuses a frame number that is not a whole number, and an empty quiz', () => {
    const badSeq = {
      ...good,
      options: [
        { frame: { capture: 'stdio-session', seq: 1.5 }, correct: true, why: 'x' },
        good.options[1],
      ],
    };
    expect(linesOf([badSeq])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options.0.frame.seq: frame.seq must be a whole number',
    ]);
    expect(linesOf([])).toEqual([
      'lessons/the-wire.mdx: Quiz: questions must hold at least one question',
    ]);
    expect(linesOf('nope')).toEqual([
      'lessons/the-wire.mdx: Quiz: questions must be a list of { question, options }',
    ]);
  });
});

describe('frameProblem', () => {
  const ref = { capture: 'stdio-session', seq: 13 };
  it('passes a frame inside its capture', () => {
    expect(frameProblem(FILE, 0, ref, 20)).toBeNull();
  });
  it('names a frame past the end of its capture, and a capture that does not exist', () => {
    expect(frameProblem(FILE, 2, ref, 13)).toBe(
      'lessons/the-wire.mdx: Quiz question 3 points at frame 13 of "stdio-session", which has frames 0–12',
    );
    expect(frameProblem(FILE, 0, ref, undefined)).toBe(
      'lessons/the-wire.mdx: Quiz question 1 points at capture "stdio-session", which does not exist',
    );
  });
});

// Builds a question whose right answer is at `right`, every option `long` characters unless
// the right one is given `rightLength`.
function q(right: number, opts: { rightLength?: number; code?: number; frames?: number[] } = {}) {
  return {
    question: `Question with its answer at ${right}?`,
    options: [0, 1, 2].map((i) => ({
      text:
        (opts.code === i ? '`x` ' : '') + 'o'.repeat(i === right ? (opts.rightLength ?? 20) : 20),
      ...(opts.frames?.includes(i) ? { frame: { capture: 'stdio-session', seq: 1 } } : {}),
      correct: i === right,
      why: 'because',
    })),
  };
}
const fair = [q(0), q(1), q(2), q(0)];

describe('fairnessProblems (run by parseQuiz, so the build stops)', () => {
  it('passes a quiz that gives nothing away by its form', () => {
    expect(parseQuiz(fair, FILE)).toHaveLength(4);
    // Frames on every option of a question are no tell; neither is code on every option.
    const allFramed = [q(0, { frames: [0, 1, 2] }), q(1), q(2)];
    expect(fairnessProblems(parseQuiz(allFramed, FILE), FILE)).toEqual([]);
  });

  it('refuses a frame on some options only, naming the question and the options', () => {
    expect(linesOf([q(0), q(1, { frames: [1] }), q(2)])).toEqual([
      'lessons/the-wire.mdx: Quiz question 2: only option B of 3 carry a frame; give every option a frame, or move the frame into the why explanations',
    ]);
    expect(linesOf([q(0), q(1), q(2, { frames: [0, 2] })])).toEqual([
      'lessons/the-wire.mdx: Quiz question 3: only options A, C of 3 carry a frame; give every option a frame, or move the frame into the why explanations',
    ]);
  });

  it('refuses an option that is the only one in code, right or wrong', () => {
    expect(linesOf([q(0, { code: 0 }), q(1), q(2)])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1: option A is the only one with code in its text; decorate the other options alike, or none',
    ]);
    expect(linesOf([q(0), q(1), q(2, { code: 1 })])[0]).toMatch(/question 3: option B is the only/);
  });

  it('refuses a quiz whose right answers all sit in one position', () => {
    expect(linesOf([q(0), q(0), q(0)])).toEqual([
      'lessons/the-wire.mdx: Quiz: every right answer sits in position A (A, A, A); spread them over at least two positions',
    ]);
    // Two questions are too few to spread; the rule starts at three.
    expect(parseQuiz([q(1), q(1)], FILE)).toHaveLength(2);
  });

  it('refuses more than half the answers (rounded up) in one position', () => {
    expect(parseQuiz([q(1), q(1), q(1), q(0), q(2)], FILE)).toHaveLength(5); // 3 of 5 = ceil(5/2)
    expect(linesOf([q(1), q(1), q(1), q(0)])).toEqual([
      'lessons/the-wire.mdx: Quiz: 3 of 4 right answers sit in position B (B, B, B, A); at most 2 may share a position',
    ]);
  });

  it('refuses a quiz where the right option is the longest in more than half its questions', () => {
    const longer = { rightLength: 40 };
    expect(parseQuiz([q(0, longer), q(1, longer), q(2), q(0)], FILE)).toHaveLength(4); // 2 of 4
    expect(linesOf([q(0, longer), q(1, longer), q(2, longer), q(0)])).toEqual([
      'lessons/the-wire.mdx: Quiz: the right option is the longest in 3 of 4 questions (1, 2, 3); at most 2 may be',
    ]);
    // Backticks are not seen, so they do not make an option longer; a frame's label is seen.
    const ticked = q(0);
    ticked.options = ticked.options.map((o) => ({ ...o, text: '`' + o.text + '`' }));
    expect(fairnessProblems(quizSchema.parse([ticked, ticked, ticked]), FILE)).toEqual([
      'lessons/the-wire.mdx: Quiz: every right answer sits in position A (A, A, A); spread them over at least two positions',
    ]);
    const labelled = q(1, { frames: [0, 1, 2] });
    labelled.options[0] = { ...labelled.options[0]!, frame: { capture: 'stdio-session', seq: 10 } };
    expect(fairnessProblems(parseQuiz([labelled, q(0), q(2)], FILE), FILE)).toEqual([]);
    const sole = q(1, { frames: [0, 1, 2] });
    sole.options[1] = { ...sole.options[1]!, frame: { capture: 'stdio-session', seq: 10 } };
    expect(fairnessProblems(quizSchema.parse([sole, q(0, longer), q(2)]), FILE)).toEqual([
      'lessons/the-wire.mdx: Quiz: the right option is the longest in 2 of 3 questions (1, 2); at most 1 may be',
    ]);
  });
});
