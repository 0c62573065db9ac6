// A code's name ("Method not found") for the transcript badges, straight from the one list.
// Kept apart from error-codes.ts so that the live frame pane, which runs in the page, gets
// the names without the validator and zod.
import { errorCodeData } from './error-codes-data.ts';

export function errorName(code: number): string | undefined {
  return errorCodeData.find((entry) => entry.code === code)?.name;
}
