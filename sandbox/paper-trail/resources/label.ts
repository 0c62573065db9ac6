// A shipping label as a tiny PNG, drawn from the order id: a binary resource, so that
// resources/read has something to return as a base64 `blob` rather than `text`. Built by hand
// (PNG is a signature plus chunks, each length + type + data + CRC-32) to need no image library.
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 48;
const HEIGHT = 8;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A black-and-white barcode-like strip whose bars spell the order id's character codes. */
export function labelPng(orderId: string): Buffer {
  const bits: number[] = [];
  for (const ch of orderId) {
    const code = ch.charCodeAt(0);
    for (let b = 5; b >= 0; b--) bits.push((code >> b) & 1);
  }
  const row = Buffer.alloc(1 + WIDTH); // filter byte 0, then one grey byte per pixel
  for (let x = 0; x < WIDTH; x++) row[1 + x] = bits[x % bits.length] ? 0 : 255;
  const raw = Buffer.concat(Array.from({ length: HEIGHT }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
