// --versions: the protocol versions Paper Trail accepts, as a comma-separated list typed on
// the command line. Each must be one the SDK underneath can speak, so a typo or a version
// from the future is refused with the list of what would work.
import { z } from 'zod';
import { SDK_PROTOCOL_VERSIONS } from './handshake.ts';

const KNOWN = SDK_PROTOCOL_VERSIONS.join(', ');

/** The --versions value: "2025-06-18,2024-11-05" → ['2025-06-18', '2024-11-05']. */
export const versionsFlag = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .superRefine((parts, ctx) => {
    if (parts.every((part) => part === '')) {
      ctx.addIssue({
        code: 'custom',
        message: `--versions needs at least one protocol version, e.g. --versions ${SDK_PROTOCOL_VERSIONS[1]}`,
      });
      return;
    }
    for (const part of parts) {
      if (part === '') {
        ctx.addIssue({
          code: 'custom',
          message: '--versions has an empty entry: separate versions with single commas',
        });
      } else if (!SDK_PROTOCOL_VERSIONS.includes(part)) {
        ctx.addIssue({
          code: 'custom',
          message: `--versions: "${part}" is not a protocol version Paper Trail can speak; choose from ${KNOWN}`,
        });
      }
    }
    const repeated = parts.find((part, i) => part !== '' && parts.indexOf(part) !== i);
    if (repeated) {
      ctx.addIssue({ code: 'custom', message: `--versions names "${repeated}" twice` });
    }
  });

/**
 * The --future-version value: a date-shaped version that is not one the SDK speaks (for those,
 * --versions is the flag), so a client that checks its list has to hang up.
 */
export const futureVersionFlag = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: (issue) =>
      `--future-version needs a protocol version written YYYY-MM-DD, such as 2099-01-01, got "${String(issue.input)}"`,
  })
  .refine((version) => !SDK_PROTOCOL_VERSIONS.includes(version), {
    error: (issue) =>
      `--future-version: "${String(issue.input)}" is a version the SDK speaks; use --versions to answer it`,
  });
