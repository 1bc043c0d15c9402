/** Images for the upload tests: real ones the server can decode (it encodes every upload again). */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG of noise (which no compression shrinks) of about `bytes` bytes, 1,024 pixels wide. */
export function pngOfSize(bytes: number): Buffer {
  const width = 1024;
  const rowBytes = 1 + width * 3; // the filter byte (0: none), then RGB
  const height = Math.max(1, Math.round(bytes / rowBytes));
  const rows = randomBytes(rowBytes * height);
  for (let y = 0; y < height; y++) rows[y * rowBytes] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
