/**
 * Image metadata is removed before an upload is stored (src/uploads/strip-metadata.ts): EXIF (with
 * its GPS position), XMP, IPTC, comments and text chunks go, the image data stays byte for byte.
 */
import { sniffImage } from '../../src/uploads/image-sniffing';
import { stripGif, stripImageMetadata, stripJpeg, stripPng, stripWebp } from '../../src/uploads/strip-metadata';
import { EXIF, jpegWithMetadata, SCAN } from '../support/images';

const ascii = (text: string) => Buffer.from(text, 'latin1');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, ascii(type), data, Buffer.alloc(4, 9)]); // the CRC is copied as it is, never checked
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngWithMetadata(): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', Buffer.alloc(13, 1)),
    pngChunk('tEXt', ascii('Author\0Erika Mustermann')),
    pngChunk('eXIf', EXIF.subarray(6)),
    pngChunk('iTXt', ascii('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>')),
    pngChunk('sRGB', Buffer.from([0])),
    pngChunk('tIME', Buffer.alloc(7, 3)),
    pngChunk('prVt', ascii('private')),
    pngChunk('IDAT', Buffer.alloc(30, 4)),
    pngChunk('IEND', Buffer.alloc(0)),
    ascii('angehaengt'),
  ]);
}

describe('JPEG', () => {
  it('given a photo with EXIF (GPS), XMP, IPTC and a comment, then only JFIF, the ICC profile and the image remain, the scan byte for byte', () => {
    const clean = stripJpeg(jpegWithMetadata())!;
    for (const gone of ['Exif', 'GPSLatitude', 'xmpmeta', 'Photoshop', 'Kommentar']) expect(clean.includes(ascii(gone))).toBe(false);
    for (const kept of ['JFIF', 'ICC_PROFILE']) expect(clean.includes(ascii(kept))).toBe(true);
    expect(clean.subarray(clean.length - SCAN.length - 2)).toEqual(Buffer.concat([SCAN, Buffer.from([0xff, 0xd9])]));
    expect(clean.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(stripJpeg(clean)).toEqual(clean); // nothing left to remove
  });

  it('given a file whose segment runs past its end, or no JPEG at all, then it is not stripped (null): it will be refused', () => {
    const photo = jpegWithMetadata();
    expect(stripJpeg(photo.subarray(0, 30))).toBeNull();
    expect(stripJpeg(ascii('not a jpeg at all'))).toBeNull();
  });
});

describe('PNG', () => {
  it('given text, EXIF, XMP, time and private chunks and bytes after IEND, then only the critical and rendering chunks remain', () => {
    const clean = stripPng(pngWithMetadata())!;
    for (const gone of ['tEXt', 'Erika', 'eXIf', 'GPSLatitude', 'iTXt', 'tIME', 'prVt', 'angehaengt']) expect(clean.includes(ascii(gone))).toBe(false);
    for (const kept of ['IHDR', 'sRGB', 'IDAT', 'IEND']) expect(clean.includes(ascii(kept))).toBe(true);
    expect(stripPng(clean)).toEqual(clean);
  });

  it('given a chunk longer than the file, then null', () => {
    const broken = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', Buffer.alloc(13)).subarray(0, 10)]);
    expect(stripPng(broken)).toBeNull();
  });

  it('given the well-formed 1x1 PNG of a canvas, then it stays as it is', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082', 'hex');
    expect(stripImageMetadata(png, sniffImage(png)!)).toEqual(png);
  });
});

describe('GIF', () => {
  it('given a comment and an XMP application block, then they go; the loop count, frame timing and frame stay', () => {
    const header = Buffer.concat([ascii('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(6, 5)]); // 1x1, global table of 2 colours
    const loop = Buffer.concat([Buffer.from([0x21, 0xff, 11]), ascii('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])]);
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), ascii('XMP DataXMP'), Buffer.from([5]), ascii('Ort: '), Buffer.from([0])]);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 7]), ascii('Kamera!'), Buffer.from([0])]);
    const timing = Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
    const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
    const gif = Buffer.concat([header, loop, xmp, comment, timing, frame, Buffer.from([0x3b]), ascii('hinten')]);
    const clean = stripGif(gif)!;
    expect(clean).toEqual(Buffer.concat([header, loop, timing, frame, Buffer.from([0x3b])]));
  });
});

describe('WebP', () => {
  it('given EXIF and XMP chunks announced in VP8X, then they go, the flags are cleared and the RIFF size is right', () => {
    const chunk = (fourcc: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(fourcc, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
    };
    const vp8x = chunk('VP8X', Buffer.from([0x08 | 0x04 | 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    const body = Buffer.concat([vp8x, chunk('VP8L', Buffer.alloc(9, 6)), chunk('EXIF', EXIF.subarray(6)), chunk('XMP ', ascii('<x:xmpmeta/>'))]);
    const riff = Buffer.alloc(12);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(4 + body.length, 4);
    riff.write('WEBP', 8, 'latin1');
    const clean = stripWebp(Buffer.concat([riff, body]))!;
    expect(clean.includes(ascii('EXIF'))).toBe(false);
    expect(clean.includes(ascii('xmpmeta'))).toBe(false);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    expect(clean[20]).toBe(0x10); // VP8X flags: only alpha left
    expect(clean.includes(ascii('VP8L'))).toBe(true);
  });
});
