// The error-code data (error-codes-data.ts), checked once when it is first read: a mistake in
// it fails the build with the file, the entry and the field named, not a blank table cell.
import { z } from 'zod';
import { parseWithFriendlyErrors } from '../../sandbox/input/friendly-errors.ts';
import { ERROR_CODES_FILE, errorCodeData } from './error-codes-data.ts';

const text = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { error: `${field} must not be empty` });

export const ErrorCodeEntry = z.strictObject({
  code: z.number({ error: 'code must be a whole number such as -32601' }).int({
    error: 'code must be a whole number such as -32601',
  }),
  name: text('name'),
  origin: z.enum(['JSON-RPC 2.0', 'MCP 2025-11-25', 'MCP 2026-07-28'], {
    error: 'origin must be "JSON-RPC 2.0", "MCP 2025-11-25" or "MCP 2026-07-28"',
  }),
  spec: z.url({ error: 'spec must be the URL of the section that defines the code' }),
  sender: text('sender'),
  meaning: text('meaning'),
  sdk: text('sdk'),
});
export type ErrorCodeEntry = z.infer<typeof ErrorCodeEntry>;

export const ErrorCodeList = z
  .array(ErrorCodeEntry, { error: 'the data must be a list of error-code entries' })
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const [index, entry] of list.entries()) {
      if (seen.has(entry.code)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'code'],
          message: `code ${entry.code} is listed twice`,
        });
      }
      seen.add(entry.code);
    }
  });

/** Validates a list of entries; `file` names it in every message. */
export function parseErrorCodes(data: unknown, file = ERROR_CODES_FILE): ErrorCodeEntry[] {
  return parseWithFriendlyErrors(ErrorCodeList, data, { file });
}

let checked: ErrorCodeEntry[] | undefined;

export function errorCodes(): ErrorCodeEntry[] {
  checked ??= parseErrorCodes(errorCodeData);
  return checked;
}

/** The entries for these codes, in the order asked; an unknown code is an author's mistake. */
export function pickErrorCodes(codes?: readonly number[]): ErrorCodeEntry[] {
  const all = errorCodes();
  if (!codes) return all;
  return codes.map((code) => {
    const entry = all.find((e) => e.code === code);
    if (!entry) {
      throw new Error(
        `ErrorCodes: no entry for ${code} in ${ERROR_CODES_FILE} (known: ${all.map((e) => e.code).join(', ')})`,
      );
    }
    return entry;
  });
}
