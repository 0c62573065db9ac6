// What the authoring guide (/guide/) quotes: the commands an author types and the messages
// the tools answer with. The page renders these and nothing else, and two tests hold them to
// the code: tests/authoring/guide-quotes.test.ts produces every message below that a refusal
// or a schema gives (nothing is written), and tests/authoring/guide-end-to-end.test.ts runs
// the commands in a copy of the repository and finds the `walkthrough` messages in what they
// print. A quote that no longer comes out verbatim fails one of them, so the guide cannot drift.

/** The names the guide's example uses; the end-to-end test follows it with the same ones. */
export const EXAMPLE = {
  lesson: 'order-lookup',
  lessonTitle: 'Looking up an order',
  capture: 'order-lookup-errors',
  exercise: 'look-up-an-order',
  exerciseTitle: 'Look up an order',
  mistaken: 'prints-the-content',
  correct: 'awaits-in-order',
} as const;

/** The commands of the walkthrough, as words after `npm run --silent`. */
export const COMMANDS = {
  newLesson: ['new', '--', 'lesson', EXAMPLE.lesson, '--title', EXAMPLE.lessonTitle],
  newCapture: ['new', '--', 'capture', EXAMPLE.capture, '--lesson', EXAMPLE.lesson],
  capture: ['capture', '--', '--only', `${EXAMPLE.lesson},${EXAMPLE.capture}`],
  captureCheck: ['capture', '--', '--check', '--only', `${EXAMPLE.lesson},${EXAMPLE.capture}`],
  newExercise: [
    'new',
    '--',
    'exercise',
    EXAMPLE.exercise,
    '--lesson',
    EXAMPLE.lesson,
    '--title',
    EXAMPLE.exerciseTitle,
  ],
  fixtures: ['exercise', '--', 'fixtures', EXAMPLE.exercise],
  record: ['exercise', '--', 'fixtures', EXAMPLE.exercise, '--record'],
  build: ['build'],
} as const satisfies Record<string, readonly string[]>;

/** A command as the reader types it: words with spaces in double quotes. */
export function commandLine(words: readonly string[]): string {
  const quoted = words.map((w) => (/[\s"'$]/.test(w) ? `"${w.replaceAll('"', '\\"')}"` : w));
  return `npm run --silent ${quoted.join(' ')}`;
}

/** How a quoted message is produced, so a test can produce it again. */
export type Produced =
  /** `npm run --silent <words>`, refused before anything is written; the text is on stderr. */
  | { by: 'command'; words: readonly string[] }
  /** A lesson's frontmatter, checked by the schema the build uses. */
  | { by: 'frontmatter'; data: Record<string, unknown> }
  /** `<Term id>` with an id the glossary does not have. */
  | { by: 'term'; id: string }
  /** `<TryIt id>` with an exercise id that has no folder. */
  | { by: 'try-it'; id: string }
  /** `<Frames capture seq>` naming a frame the capture does not have. */
  | { by: 'frames'; capture: string; seq: number }
  /** Printed by a step of the walkthrough; the end-to-end test finds it in the output. */
  | { by: 'walkthrough'; step: keyof typeof COMMANDS };

export interface Quote {
  text: string;
  produced: Produced;
}

const q = (text: string, produced: Produced): Quote => ({ text, produced });

export const QUOTES = {
  // Lessons
  slugRule: q('new: the slug must be kebab-case, e.g. the-handshake', {
    by: 'command',
    words: ['new', '--', 'lesson', 'Order_Lookup', '--title', 'T'],
  }),
  titleRequired: q('new: --title is required', {
    by: 'command',
    words: ['new', '--', 'lesson', 'order-lookup'],
  }),
  lessonExists: q('02-the-wire/lesson.mdx exists already; choose another slug', {
    by: 'command',
    words: ['new', '--', 'lesson', 'the-wire', '--title', 'T'],
  }),
  lessonCaptureTaken: q(
    'new: a capture called "handshake" is made by lessons/03-the-handshake/sessions.ts already; lessons/03-the-handshake/captures/handshake.jsonl exists already; show it with --capture handshake, or choose another slug',
    { by: 'command', words: ['new', '--', 'lesson', 'handshake', '--title', 'T'] },
  ),
  lessonWritten: q('Describe the session there, then npm run capture -- --only order-lookup', {
    by: 'walkthrough',
    step: 'newLesson',
  }),
  captureNameRule: q(
    'new: the capture name must be kebab-case (lower-case words joined by "-", at most 64 characters), e.g. order-lookup',
    { by: 'command', words: ['new', '--', 'capture', 'Order_Errors'] },
  ),
  captureWritten: q(
    'Describe the session there, then record it: npm run capture -- --only order-lookup-errors',
    { by: 'walkthrough', step: 'newCapture' },
  ),
  captureUnknown: q('capture: no capture called "order-lookpu"; the captures are: host-client-a', {
    by: 'command',
    words: ['capture', '--', '--only', 'order-lookpu'],
  }),
  captureWrote: q('wrote lessons/12-order-lookup/captures/order-lookup-errors.jsonl', {
    by: 'walkthrough',
    step: 'capture',
  }),
  captureChecked: q('capture check OK: 2 files in lessons/*/captures match', {
    by: 'walkthrough',
    step: 'captureCheck',
  }),
  orderMoved: q("order: the lesson's place in the course is its folder's number", {
    by: 'frontmatter',
    data: { title: 'T', summary: 'S', order: 2, spec: '2025-11-25' },
  }),
  specUnquoted: q('spec must be a revision date in quotes such as "2025-11-25", not 20251125', {
    by: 'frontmatter',
    data: { title: 'T', summary: 'S', spec: 20251125 },
  }),
  unknownField: q('unknown field author: allowed are title, summary, spec, draft', {
    by: 'frontmatter',
    data: { title: 'T', summary: 'S', spec: '2025-11-25', author: 'me' },
  }),
  noSuchFrame: q('stdio-session: there is no frame 40', {
    by: 'frames',
    capture: 'stdio-session',
    seq: 40,
  }),
  unknownTerm: q(
    'lessons/12-order-lookup/lesson.mdx: Term: there is no glossary term "handshakes" in components/teaching/glossary.ts',
    { by: 'term', id: 'handshakes' },
  ),
  unknownTryIt: q(
    'lessons/12-order-lookup/lesson.mdx: TryIt: there is no exercise "look-up-an-ordre" in any lesson\'s exercises/',
    {
      by: 'try-it',
      id: 'look-up-an-ordre',
    },
  ),

  // Exercises
  exerciseIdRule: q(
    'new: the id must be kebab-case: lower-case words joined by "-", starting with a letter, e.g. ask-the-model',
    {
      by: 'command',
      words: ['new', '--', 'exercise', 'Look_Up', '--lesson', 'the-wire', '--title', 'T'],
    },
  ),
  lessonRequired: q('new: --lesson is required (the slug of its lesson, e.g. the-wire)', {
    by: 'command',
    words: ['new', '--', 'exercise', 'look-up-an-order', '--title', 'T'],
  }),
  exerciseExists: q('raw-client exists already; choose another id', {
    by: 'command',
    words: ['new', '--', 'exercise', 'raw-client', '--lesson', 'the-wire', '--title', 'T'],
  }),
  exerciseWritten: q(
    'Its starter must fail and its solution pass: npm run --silent exercise -- check look-up-an-order (then --solution).',
    { by: 'walkthrough', step: 'newExercise' },
  ),
  unknownExercise: q('unknown exercise "look-up-an-ordre" (known: answer-the-server', {
    by: 'command',
    words: ['exercise', '--', 'fixtures', 'look-up-an-ordre'],
  }),
  starterMessage: q('Your client never sent tools/call.', { by: 'walkthrough', step: 'fixtures' }),
  legend: q('✓ passed  ✗ failed  – not reached (nothing to judge)  i shown, not graded', {
    by: 'walkthrough',
    step: 'fixtures',
  }),
  recorded: q('fixtures: recorded 2 fixture runs beside their folders (*.record.json)', {
    by: 'walkthrough',
    step: 'record',
  }),

  // Paper Trail features
  unknownFlag: q("paper-trail: Unknown option '--colour'", {
    by: 'command',
    words: ['paper-trail', '--', '--colour'],
  }),
  flagNeedsHttp: q('paper-trail: --port only makes sense together with --http', {
    by: 'command',
    words: ['paper-trail', '--', '--port', '8080'],
  }),
} satisfies Record<string, Quote>;
