/**
 * Every uploaded image is decoded and encoded again (src/uploads/reencode-image.ts): the pixels stay,
 * upright; metadata, second images and trailers do not. The fixtures are checked in
 * (test/fixtures/images, made by make-image-fixtures.mjs there).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { sniffImage } from '../../src/uploads/image-sniffing';
import { IMAGE_TEXTS, reencodeImage } from '../../src/uploads/reencode-image';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/images', name));
const occurrences = (bytes: Buffer, needle: Buffer | string) => {
  let count = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) count++;
  return count;
};

async function reencoded(bytes: Buffer): Promise<Buffer> {
  const result = await reencodeImage(bytes, sniffImage(bytes)!);
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result.bytes;
}

/** The colour at (x, y) of an image, as [r, g, b]. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe('a phone photo: EXIF orientation 6, GPS, XMP, a second image (MPF) and a motion-photo trailer', () => {
  const original = fixture('phone-photo.jpg');

  it('given the fixture, then it holds all of them (the test below proves something)', async () => {
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ width: 64, height: 32, orientation: 6 });
    expect(meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD's tag (little-endian)
    expect(meta.xmp!.toString()).toContain('MotionPhoto');
    expect(original.includes('MPF\0')).toBe(true);
    expect(occurrences(original, Buffer.from([0xff, 0xd8, 0xff]))).toBe(2); // the second image after the first one's end
    expect(original.includes('ftypmp42')).toBe(true);
    expect(original.includes('+52.5200+013.4050/')).toBe(true);
  });

  it('when encoded again, then it is stored upright (width and height swapped) with none of them', async () => {
    const stored = await reencoded(original);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    for (const trace of ['Exif', 'MPF', 'ftyp', 'mdat', '52.5200', 'Berlin', 'MotionPhoto', 'Telefon'])
      expect(stored.includes(trace)).toBe(false);
    // One image: one start, one end, and it is the file's last two bytes.
    expect(occurrences(stored, Buffer.from([0xff, 0xd8]))).toBe(1);
    expect(occurrences(stored, Buffer.from([0xff, 0xd9]))).toBe(1);
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    // Orientation 6 turns the picture a quarter clockwise: the left (red) half is on top now.
    const [topR, , topB] = await pixel(stored, 16, 4);
    const [bottomR, , bottomB] = await pixel(stored, 16, 60);
    expect(topR).toBeGreaterThan(topB!);
    expect(bottomB).toBeGreaterThan(bottomR!);
  });
});

describe('a PNG with text chunks, eXIf and data after IEND', () => {
  const original = fixture('text-chunks.png');

  it('given the fixture, then it holds them', async () => {
    const meta = await sharp(original).metadata();
    expect(meta.comments).toEqual(expect.arrayContaining([{ keyword: 'Comment', text: 'Wohnzimmer, Berlin Mitte' }]));
    for (const type of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'GEHEIM-NACH-IEND']) expect(original.includes(type)).toBe(true);
    expect(original.length).toBeGreaterThan(original.indexOf('IEND') + 8); // bytes after the IEND chunk
  });

  it('when encoded again, then the pixels stay and none of them does; the file ends with its one IEND', async () => {
    const stored = await reencoded(original);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 20 });
    expect(meta.comments).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    for (const trace of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'GEHEIM', 'Berlin'])
      expect(stored.includes(trace)).toBe(false);
    expect(occurrences(stored, 'IEND')).toBe(1);
    const iend = Buffer.alloc(4);
    iend.writeUInt32BE(crc32('IEND'));
    expect(stored.subarray(-12)).toEqual(Buffer.concat([Buffer.alloc(4), Buffer.from('IEND'), iend]));
    expect(await pixel(stored, 5, 5)).toEqual(await pixel(original, 5, 5));
  });
});

describe('animations and sizes', () => {
  const square = (colour: string) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it('given an animated GIF, then its frames and their timing stay', async () => {
    const gif = await sharp([await square('red'), await square('blue')], { join: { animated: true } })
      .gif({ delay: [100, 200], loop: 0 })
      .toBuffer();
    const meta = await sharp(await reencoded(gif)).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2, delay: [100, 200], width: 8, height: 8 });
  });

  it('given an image of more than 50 megapixels (a header that claims 20,000 x 20,000), then it is refused in German before it is decoded', async () => {
    const png = fixture('text-chunks.png');
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(await reencodeImage(huge, sniffImage(huge)!)).toEqual({ ok: false, refusal: IMAGE_TEXTS.tooManyPixels });
  });

  it('given bytes that only begin like an image, then it is refused as not an image', async () => {
    const broken = Buffer.concat([fixture('phone-photo.jpg').subarray(0, 40), Buffer.alloc(100, 7)]);
    expect(await reencodeImage(broken, sniffImage(broken)!)).toEqual({ ok: false, refusal: null });
  });
});
