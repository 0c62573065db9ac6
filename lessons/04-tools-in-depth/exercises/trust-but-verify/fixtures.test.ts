// trust-but-verify: verify() is judged on real Paper Trail responses (a normal, a
// --buggy-output and an --unchecked-output session, whose PT-1041 answer is frame 34) and on
// edge cases built from the normal session's PT-1041 answer (frame 6).
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  {
    name: 'trusts-blindly',
    frame: 34,
    check: 'drops-invalid',
    says: [
      '"unchecked PT-1041" (frame 34',
      '(data/eta must be string)',
      '14 more cases went wrong too.',
    ],
  },
  {
    name: 'keys-only',
    frame: 34,
    check: 'drops-invalid',
    says: ['"unchecked PT-1041" (frame 34', '9 more cases went wrong too.'],
  },
  {
    name: 'no-enum',
    frame: 6,
    check: 'drops-invalid',
    says: ['edge case "status outside the enum"', 'must be equal to one of the allowed values'],
  },
  {
    name: 'types-not-required',
    frame: 6,
    check: 'drops-invalid',
    says: ['edge case "carrier missing"', "must have required property 'carrier'"],
  },
  {
    name: 'ignores-extra-keys',
    frame: 6,
    check: 'drops-invalid',
    says: ['edge case "an extra field"', 'must NOT have additional properties'],
  },
  {
    name: 'keeps-rejected-data',
    frame: 34,
    check: 'drops-invalid',
    says: [
      '"unchecked PT-1041" (frame 34',
      'the answer still carries data',
      'so none of it may reach the model',
    ],
  },
  {
    name: 'silent-drop',
    frame: 34,
    check: 'drops-invalid',
    says: ['"unchecked PT-1041" (frame 34', 'needs a non-empty note'],
  },
  {
    name: 'missing-is-fine',
    frame: 6,
    check: 'missing-structured',
    says: ['edge case "no structuredContent"', 'which the spec says a server MUST send'],
  },
  {
    name: 'structured-before-isError',
    frame: 6,
    check: 'tool-errors',
    says: ['edge case "tool error with valid structured data"', 'the result says isError: true'],
  },
  {
    name: 'generic-tool-error',
    frame: 10,
    check: 'tool-errors',
    says: [
      '"missing order" (frame 10',
      `must include the tool's own words, “no such order: PT-9999”`,
    ],
  },
  {
    name: 'stringified-data',
    frame: 6,
    check: 'valid-structured',
    says: ['"PT-1041" (frame 6', 'data is the structuredContent serialised to a string'],
  },
  {
    name: 'copies-the-lesson',
    frame: 6,
    check: 'valid-structured',
    says: [
      '"PT-1041" (frame 6',
      'exactly what the frame holds (the orders change from run to run)',
    ],
  },
  {
    name: 'throws-without-schema',
    frame: 14,
    check: 'answers',
    says: [
      '"shipping label" (frame 14',
      "verify() threw \"Cannot destructure property 'properties'",
    ],
  },
  {
    name: 'protocol-error-to-model',
    frame: 18,
    check: 'protocol-errors',
    says: ['"no tool name" (frame 18', 'JSON-RPC error (-32603)', "the client's to handle"],
  },
  // Only the first text item read: a result may hold several, and other content between them.
  {
    name: 'first-text-only',
    frame: 6,
    check: 'tool-errors',
    says: [
      'edge case "tool error in two text items", built from frame 6 (isError: true; content: text, text',
      '“The carrier did not answer.\\nTry again in a minute.”',
    ],
  },
  // Every content item taken for text: an image's or a link's place becomes a line.
  {
    name: 'every-item-text',
    frame: 14,
    check: 'text-without-schema',
    says: [
      '"shipping label" (frame 14)',
      'expected { kind: "text", text: “Shipping label for PT-1017',
    ],
  },
  // verify.ts exports its function under another name: the driver cannot load it.
  {
    name: 'wrong-export-name',
    check: 'runs-every-case',
    says: ['verify() was asked about 0 of 22 cases', "does not provide an export named 'verify'"],
  },
  // One field's type checked, the others taken on trust.
  {
    name: 'checks-eta-type-only',
    frame: 6,
    check: 'drops-invalid',
    says: ['edge case "order_id as a number"', 'data/order_id must be string'],
  },
];

const correct = ['ok-zod', 'ok-hand-validator', 'ok-switch', 'ok-helpers'];

const hints: Record<string, string> = {
  'runs-every-case': 'Export a function named verify from verify.ts',
  answers: 'Return an object whose kind is "structured", "text", "tool-error" or "none"',
  'valid-structured':
    'return { kind: "structured", data } with data the structuredContent object itself',
  'drops-invalid': 'Validate structuredContent against every rule of the outputSchema',
  'missing-structured': 'A tool with an outputSchema must send structuredContent.',
  'tool-errors': 'Check result.isError before anything else in the result',
  'text-without-schema': 'the text items of result.content joined with',
  'protocol-errors': 'A response with an "error" member never reached a tool',
};

exerciseSuite({
  exercise: 'trust-but-verify',
  writes: 'verify',
  starter: { check: 'drops-invalid' },
  alsoSolution(s) {
    // Three real sessions were judged: normal, --buggy-output and --unchecked-output.
    expect(s.frames).toBe(37);
  },
  hints,
  mistakes,
  correct,
});
