// --timeout-ms, as the harness, the exercise CLI and the workshop server all accept it: it
// overrides exercise.json's run.timeoutMs, so it obeys the same ceiling.
import { MAX_TIMEOUT_MS } from '../exercises/schema.ts';
import { wholeNumber } from './cli-args.ts';

export const timeoutMsFlag = wholeNumber('--timeout-ms', {
  min: 1,
  max: MAX_TIMEOUT_MS,
  unit: 'milliseconds',
}).optional();
