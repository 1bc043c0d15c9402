/**
 * Every uploaded image is decoded and encoded again by libvips (through `sharp`) before it is
 * stored (docs/decisions/trust-third-round.md, "Images"): what is stored is the pixels and nothing
 * else. The EXIF orientation is applied to the pixels (a portrait phone photo stays upright once its
 * EXIF is gone); no metadata (EXIF with GPS, XMP, IPTC, comments, ICC profiles become sRGB), no
 * embedded thumbnail, no second image (Multi-Picture Format), no trailer after the image's end (a
 * motion photo's video, a maker's data) survives, because none of it is read into the new file.
 * Animated GIF and WebP keep their frames and timing, within a bound of pixels over all frames.
 */
import sharp from 'sharp';
import type { ImageKind } from './image-sniffing';

/** Pixels of one image (a 50-megapixel camera's photo); over all frames for an animation: bounds the decoder's memory. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const IMAGE_TEXTS = {
  tooManyPixels:
    'Das Bild hat zu viele Pixel (höchstens 50 Megapixel, bei bewegten Bildern über alle Einzelbilder). Bitte lade es kleiner hoch.',
} as const;

export type Reencoded = { ok: true; bytes: Buffer } | { ok: false; refusal: string | null };

/** JPEG and WebP quality: what a phone's camera app writes; the size stays near the original's. */
const QUALITY = 88;

/** The image encoded again in its own format; `refusal` null: not an image libvips can read (refused as not an image). */
export async function reencodeImage(bytes: Buffer, kind: ImageKind): Promise<Reencoded> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: null };
  }
  const frames = meta.pages ?? 1;
  const animated = frames > 1 && (kind.extension === 'gif' || kind.extension === 'webp');
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (animated ? frames : 1) > MAX_IMAGE_PIXELS)
    return { ok: false, refusal: IMAGE_TEXTS.tooManyPixels };
  try {
    // Only the first image of the file is read (`pages: 1`) unless it is an animation; `rotate()` applies the EXIF orientation.
    const input = sharp(bytes, { animated, failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    const upright = animated ? input : input.rotate();
    return { ok: true, bytes: await encoded(upright, kind).toBuffer() };
  } catch {
    return { ok: false, refusal: null };
  }
}

/** The format it came in; sharp writes no metadata unless asked (`keepMetadata`, `withMetadata`: never called here). */
function encoded(image: sharp.Sharp, kind: ImageKind): sharp.Sharp {
  switch (kind.extension) {
    case 'jpg':
      return image.jpeg({ quality: QUALITY }); // not mozjpeg: its smaller files cost CPU the show needs
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
    default:
      return image.webp({ quality: QUALITY });
  }
}
