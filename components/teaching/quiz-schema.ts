// The questions of a <Quiz>, written as props in a lesson. They are checked when the page is
// built: a question with no correct option, an option that explains nothing or a frame that
// is not in its capture stops the build with a line naming the lesson file and the question,
// so a broken self-check never reaches a learner.
import { z } from 'zod';
import { InputError } from '../../sandbox/input/friendly-errors.ts';

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
  if (parsed.success) return parsed.data;
  throw new InputError(parsed.error.issues.map((i) => line(file, i.path, i.message)));
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
