// The quiz's props are checked when a lesson is built; these pin the sentences an author reads.
import { describe, expect, it } from 'vitest';
import { frameProblem, parseQuiz } from '../../components/teaching/quiz-schema.ts';
import { InputError } from '../../sandbox/input/friendly-errors.ts';

const FILE = 'lessons/the-wire.mdx';
const good = {
  question: 'Which reply pairs with a request?',
  options: [
    { text: 'The one with the same `id`', correct: true, why: 'Pairing is by id.' },
    { text: 'The next one', why: 'Order says nothing.' },
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
    const noWhy = { ...good, options: [good.options[0], { text: 'The next one' }] };
    expect(linesOf([noWhy])).toEqual([
      'lessons/the-wire.mdx: Quiz question 1, options.1.why: why must be text',
    ]);
    const emptyWhy = { ...good, options: [good.options[0], { text: 'x', why: '  ' }] };
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
