// A real PNG of a given size (a vertical gradient, like a sky: small once compressed), for
// pages whose images Lighthouse measures against the size they are drawn at: a 1×1 pixel drawn as
// a 1600×600 header is an image of too low a resolution, which no agency sends.
import { crc32, deflateSync } from 'node:zlib';

export function pngOfSize(width: number, height: number): Buffer {
  const row = 1 + width * 3;
  const pixels = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = y / height;
      const at = y * row + 1 + x * 3;
      pixels[at] = Math.round(30 + 200 * t);
      pixels[at + 1] = Math.round(110 + 80 * (1 - t));
      pixels[at + 2] = Math.round(170 - 60 * t);
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
