// The questions of a <Quiz>, written as props in a lesson. They are checked when the page is
// built: a question with no correct option, an option that explains nothing, a frame that
// is not in its capture, or a quiz whose form gives its answers away (fairnessProblems)
// stops the build with a line naming the lesson file and the question, so a broken
// self-check never reaches a learner.
import { z } from 'zod';
import { InputError } from '../../sandbox/input/friendly-errors.ts';
import { codeSpans } from './inline-code.ts';

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, { error: `${what} must not be empty` });

const frameRef = z.strictObject({
  capture: text('frame.capture'),
  seq: z
    .number({ error: 'frame.seq must be a frame number such as 13' })
    .int({ error: 'frame.seq must be a whole number' })
    .nonnegative({ error: 'frame.seq must be 0 or more' }),
});

const option = z
  .strictObject({
    /** What the option says; for a frame option, words that follow "frame N". */
    text: text('text').optional(),
    /** An option that is a frame of the page's transcripts, linked to its anchor. */
    frame: frameRef.optional(),
    correct: z.boolean({ error: 'correct must be true or false' }).default(false),
    /** Shown when the option is opened: why it is right, or why it is wrong. */
    why: text('why'),
  })
  .refine((o) => o.text !== undefined || o.frame !== undefined, {
    error: 'needs text, a frame ({ capture, seq }), or both',
  });

const question = z
  .strictObject({
    question: text('question'),
    options: z
      .array(option, { error: 'options must be a list' })
      .min(2, { error: 'options must offer at least two answers' }),
  })
  .refine((q) => q.options.some((o) => o.correct), {
    error: 'has no correct option (mark the right one with correct: true)',
  });

export const quizSchema = z
  .array(question, { error: 'questions must be a list of { question, options }' })
  .min(1, { error: 'questions must hold at least one question' });

export type QuizQuestion = z.infer<typeof question>;
export type QuizOption = z.infer<typeof option>;
export type FrameRef = z.infer<typeof frameRef>;

/**
 * "lessons/the-wire.mdx: Quiz question 2 has no correct option …" for a whole question,
 * "… Quiz question 2, options.1.why: why must not be empty" for one of its fields.
 */
function line(file: string, path: readonly PropertyKey[], message: string): string {
  if (path.length === 0) return `${file}: Quiz: ${message}`;
  const [index, ...rest] = path;
  const where = `${file}: Quiz question ${Number(index) + 1}`;
  return rest.length === 0 ? `${where} ${message}` : `${where}, ${rest.join('.')}: ${message}`;
}

/** The questions, checked, or an InputError with one line per problem. */
export function parseQuiz(input: unknown, file: string): QuizQuestion[] {
  const parsed = quizSchema.safeParse(input);
  if (!parsed.success) {
    throw new InputError(parsed.error.issues.map((i) => line(file, i.path, i.message)));
  }
  const unfair = fairnessProblems(parsed.data, file);
  if (unfair.length > 0) throw new InputError(unfair);
  return parsed.data;
}

const letter = (i: number) => String.fromCharCode(65 + i);
const holdsCode = (o: QuizOption) => codeSpans(o.text ?? '').some((piece) => piece.code);
/** What a reader sees in the option's summary: "Frame 4: text", backticks gone. */
const labelLength = (o: QuizOption) =>
  (o.frame ? `Frame ${o.frame.seq}${o.text ? ': ' : ''}`.length : 0) +
  (o.text ?? '').replaceAll('`', '').length;
const correctPositions = (q: QuizQuestion) => q.options.flatMap((o, i) => (o.correct ? [i] : []));

/**
 * A reader who skims for form instead of reading the question should gain nothing: the
 * right option must not be the one with a frame, the one in code, the one that is always
 * longest or the one that is always in the same place. Checked per lesson:
 * - a frame on an option only when every option of that question has one (otherwise the
 *   frames belong in the `why` explanations);
 * - no option the only one of its question whose text holds code;
 * - with 3 questions or more, the right answers in at least 2 positions and no position
 *   holding more than half of them (rounded up);
 * - with 3 questions or more, the right option the longest of its question in no more than
 *   half of the questions.
 */
export function fairnessProblems(questions: readonly QuizQuestion[], file: string): string[] {
  const problems: string[] = [];
  questions.forEach((q, qi) => {
    const where = `${file}: Quiz question ${qi + 1}`;
    const framed = q.options.flatMap((o, i) => (o.frame ? [letter(i)] : []));
    if (framed.length > 0 && framed.length < q.options.length) {
      const which = framed.length === 1 ? `option ${framed[0]}` : `options ${framed.join(', ')}`;
      problems.push(
        `${where}: only ${which} of ${q.options.length} carry a frame; ` +
          'give every option a frame, or move the frame into the why explanations',
      );
    }
    const coded = q.options.flatMap((o, i) => (holdsCode(o) ? [letter(i)] : []));
    if (coded.length === 1) {
      problems.push(
        `${where}: option ${coded[0]} is the only one with code in its text; ` +
          'decorate the other options alike, or none',
      );
    }
  });

  const n = questions.length;
  if (n >= 3) {
    const counts = new Map<number, number>();
    for (const q of questions) {
      for (const i of correctPositions(q)) counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    const limit = Math.ceil(n / 2);
    const answers = questions.map((q) => correctPositions(q).map(letter).join('+')).join(', ');
    if (counts.size < 2) {
      problems.push(
        `${file}: Quiz: every right answer sits in position ${letter([...counts.keys()][0] ?? 0)} ` +
          `(${answers}); spread them over at least two positions`,
      );
    }
    for (const [i, count] of counts) {
      if (counts.size >= 2 && count > limit) {
        problems.push(
          `${file}: Quiz: ${count} of ${n} right answers sit in position ${letter(i)} ` +
            `(${answers}); at most ${limit} may share a position`,
        );
      }
    }
  }

  const longestRight = questions.flatMap((q, qi) => {
    const lengths = q.options.map(labelLength);
    const max = Math.max(...lengths);
    const longest = lengths.flatMap((l, i) => (l === max ? [i] : []));
    // A tie is no tell: only a single longest option gives the answer away.
    return longest.length === 1 && q.options[longest[0]!]!.correct ? [qi + 1] : [];
  });
  // Like the positions, a pattern needs a few questions to show: one or two prove nothing.
  if (n >= 3 && longestRight.length > n / 2) {
    problems.push(
      `${file}: Quiz: the right option is the longest in ${longestRight.length} of ${n} ` +
        `questions (${longestRight.join(', ')}); at most ${Math.floor(n / 2)} may be`,
    );
  }
  return problems;
}

/** The problem with a frame option, given the number of frames in its capture, or null. */
export function frameProblem(
  file: string,
  questionIndex: number,
  ref: FrameRef,
  frames: number | undefined,
): string | null {
  const where = `${file}: Quiz question ${questionIndex + 1}`;
  if (frames === undefined)
    return `${where} points at capture "${ref.capture}", which does not exist`;
  if (ref.seq >= frames) {
    return `${where} points at frame ${ref.seq} of "${ref.capture}", which has frames 0–${frames - 1}`;
  }
  return null;
}
