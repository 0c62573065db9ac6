// One HTTP request written byte for byte over a TCP socket: node:http and fetch refuse (or
// re-encode) the request targets a hostile client sends, so the tests write them raw.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status code, or null when the connection closed without an answer. */
  status: number | null;
  /** The whole answer as text: status line, headers and body. */
  text: string;
}

export function rawHttp(port: number, head: string, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(head)}`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(Buffer.from(head, 'utf8')));
    socket.on('data', (b: Buffer) => (text += b.toString('latin1')));
    // A server that died mid-request resets the connection: that is an answer too (none).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    });
  });
}

/** A GET of `target` exactly as given, on a connection that closes after the answer. */
export function rawGet(port: number, target: string): Promise<RawAnswer> {
  return rawHttp(
    port,
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
  );
}
