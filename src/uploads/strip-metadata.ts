/**
 * Uploaded images lose what a camera or an editor wrote about them (EXIF with GPS position and camera
 * serial, XMP, IPTC, comments, embedded thumbnails) before they are stored: the image data is copied
 * byte for byte, only the metadata containers go (docs/decisions/hostile-crowd-second-round.md,
 * "Image metadata"). Pure: bytes in, bytes out; null when the file does not parse as its format
 * (such a file is refused: we cannot say what it carries).
 *
 * Kept: what a browser needs to draw the image as meant (JPEG: JFIF, the ICC profile, Adobe's colour
 * transform; PNG: the critical chunks and the ancillary ones that change the rendering; GIF: the
 * frames, their timing and the loop count; WebP: the image, alpha, animation and ICC chunks).
 */
import type { ImageKind } from './image-sniffing';

export function stripImageMetadata(bytes: Buffer, kind: ImageKind): Buffer | null {
  switch (kind.extension) {
    case 'jpg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'gif':
      return stripGif(bytes);
    case 'webp':
      return stripWebp(bytes);
    default:
      return null;
  }
}

/* ---------- JPEG: segments up to the scan, then the entropy-coded data as it is ---------- */

const SOS = 0xda;
const EOI = 0xd9;

/** APPn segments kept, by marker and the identifier their data starts with. */
const JPEG_KEPT_APP: ReadonlyArray<{ marker: number; id: string }> = [
  { marker: 0xe0, id: 'JFIF\0' },
  { marker: 0xe2, id: 'ICC_PROFILE\0' },
  { marker: 0xee, id: 'Adobe' },
];

function keptJpegSegment(marker: number, data: Buffer): boolean {
  if (marker === 0xfe) return false; // COM: free text
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frame headers, restart intervals: the image itself
  return JPEG_KEPT_APP.some((kept) => kept.marker === marker && data.subarray(0, kept.id.length).toString('latin1') === kept.id);
}

export function stripJpeg(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let markerAt = at + 1;
    while (bytes[markerAt] === 0xff) markerAt++; // fill bytes
    const marker = bytes[markerAt];
    if (marker === undefined) return null;
    if (marker === EOI) {
      parts.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // standalone markers
      parts.push(Buffer.from([0xff, marker]));
      at = markerAt + 1;
      continue;
    }
    if (markerAt + 3 > bytes.length) return null;
    const length = bytes.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) {
      // The scan and everything after it (more scans of a progressive JPEG, the EOI) is image data.
      parts.push(Buffer.from([0xff]), bytes.subarray(markerAt));
      return Buffer.concat(parts);
    }
    if (keptJpegSegment(marker, bytes.subarray(markerAt + 3, end))) parts.push(Buffer.from([0xff]), bytes.subarray(markerAt, end));
    at = end;
  }
  return null;
}

/* ---------- PNG: chunks up to IEND ---------- */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Ancillary chunks that change how the image looks (colour, transparency, animation); every other ancillary chunk goes. */
const PNG_KEPT_ANCILLARY = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'cICP', 'mDCv', 'cLLI', 'acTL', 'fcTL', 'fdAT']);

export function stripPng(bytes: Buffer): Buffer | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    const critical = type[0]! === type[0]!.toUpperCase();
    if (critical || PNG_KEPT_ANCILLARY.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(parts); // what follows IEND is not the image's
    at = end;
  }
  return null;
}

/* ---------- GIF: blocks up to the trailer ---------- */

/** Application extensions kept: the loop count of an animation. */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The end of the data sub-blocks starting at `at` (after their terminating zero), or -1. */
function endOfSubBlocks(bytes: Buffer, at: number): number {
  let i = at;
  while (i < bytes.length) {
    const size = bytes[i]!;
    if (size === 0) return i + 1;
    i += 1 + size;
  }
  return -1;
}

function colorTableBytes(flags: number): number {
  return flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

export function stripGif(bytes: Buffer): Buffer | null {
  if (bytes.length < 13 || !['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return null;
  let at = 13 + colorTableBytes(bytes[10]!);
  if (at > bytes.length) return null;
  const parts: Buffer[] = [bytes.subarray(0, at)];
  while (at < bytes.length) {
    const introducer = bytes[at]!;
    if (introducer === 0x3b) {
      // trailer
      parts.push(bytes.subarray(at, at + 1));
      return Buffer.concat(parts);
    }
    if (introducer === 0x2c) {
      // image descriptor, its colour table, the LZW code size, the data
      if (at + 10 > bytes.length) return null;
      const dataAt = at + 10 + colorTableBytes(bytes[at + 9]!) + 1;
      const end = dataAt > bytes.length ? -1 : endOfSubBlocks(bytes, dataAt);
      if (end < 0) return null;
      parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer !== 0x21 || at + 2 > bytes.length) return null;
    const label = bytes[at + 1]!;
    const end = endOfSubBlocks(bytes, at + 2);
    if (end < 0) return null;
    const application = label === 0xff && bytes[at + 2] === 11 ? bytes.subarray(at + 3, at + 14).toString('latin1') : null;
    // Graphic control (0xf9) and plain text (0x01) belong to the picture; comments (0xfe) and other applications' data (XMP) go.
    const kept = label === 0xf9 || label === 0x01 || (application !== null && GIF_KEPT_APPLICATIONS.has(application));
    if (kept) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/* ---------- WebP: RIFF chunks ---------- */

const WEBP_KEPT_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flags that announce EXIF (bit 3) and XMP (bit 2) chunks. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

export function stripWebp(bytes: Buffer): Buffer | null {
  if (bytes.length < 12 || bytes.subarray(0, 4).toString('latin1') !== 'RIFF' || bytes.subarray(8, 12).toString('latin1') !== 'WEBP') return null;
  const riffEnd = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  const chunks: Buffer[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const fourcc = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) return null;
    if (WEBP_KEPT_CHUNKS.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, riffEnd)));
      if (fourcc === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      chunks.push(chunk.length % 2 === 0 ? chunk : Buffer.concat([chunk, Buffer.alloc(1)]));
    }
    at = end;
  }
  if (chunks.length === 0) return null;
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
