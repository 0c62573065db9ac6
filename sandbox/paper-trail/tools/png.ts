// A tiny PNG encoder: enough to draw a shipping label's barcode in code, so no binary file
// is ever committed and the bytes are the same on every run (a capture can hold them).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** An 8-bit greyscale PNG; `pixel(x, y)` gives 0 (black) to 255 (white). */
export function greyscalePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => number,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  // compression, filter and interlace methods stay 0
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = pixel(x, y);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * A barcode-like label for an order id: one bar pattern per character, drawn from its code,
 * on a white field with a quiet zone. The same id always gives the same bytes.
 */
export function labelPng(orderId: string): Buffer {
  const bars: boolean[] = [true, false, true, false];
  for (const ch of orderId) {
    const code = ch.charCodeAt(0);
    for (let bit = 6; bit >= 0; bit--) bars.push(((code >> bit) & 1) === 1);
    bars.push(false);
  }
  bars.push(true, false, true);
  const quiet = 4;
  const width = bars.length + quiet * 2;
  const height = 16;
  return greyscalePng(width, height, (x, y) => {
    const i = x - quiet;
    const inBars = y >= 2 && y < height - 2 && i >= 0 && i < bars.length;
    return inBars && bars[i] ? 0 : 255;
  });
}
