// A request body, read whole, within a size and a time limit. Without the time limit a
// client that sends its headers and then nothing keeps the request (and whatever it holds)
// until Node's own five-minute request timeout.
import type { IncomingMessage } from 'node:http';

/** The most a run request may carry: the editable files of one exercise, with room to spare. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** How long a whole body may take to arrive; a page on loopback sends one in milliseconds. */
export const BODY_DEADLINE_MS = 5_000;

/** Why a body could not be read, with the HTTP status that says so. */
export class BodyError extends Error {
  readonly status: 408 | 413 | 400;
  constructor(status: 408 | 413 | 400, message: string) {
    super(message);
    this.status = status;
  }
}

export function readBody(
  req: IncomingMessage,
  limits: { maxBytes: number; deadlineMs: number } = {
    maxBytes: MAX_BODY_BYTES,
    deadlineMs: BODY_DEADLINE_MS,
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const parts: Buffer[] = [];
    const settle = (error?: BodyError) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (!error) return resolve(Buffer.concat(parts).toString('utf8'));
      // Drain whatever else comes, so the answer can still be written before the close.
      req.resume();
      reject(error);
    };
    const onData = (b: Buffer) => {
      size += b.length;
      if (size > limits.maxBytes) {
        settle(new BodyError(413, `request body over ${limits.maxBytes / 1024 / 1024} MiB`));
        return;
      }
      parts.push(b);
    };
    const onEnd = () => settle();
    const onClose = () =>
      settle(new BodyError(400, 'the connection closed before the request body was complete'));
    const timer = setTimeout(
      () =>
        settle(
          new BodyError(
            408,
            `the request body did not arrive within ${limits.deadlineMs / 1000} s; send it again`,
          ),
        ),
      limits.deadlineMs,
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}
