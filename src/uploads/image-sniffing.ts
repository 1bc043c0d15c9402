/** What a file is, judged by its first bytes, never by its name or the client's content type. */
export interface ImageKind {
  mimeType: string;
  extension: string;
}

const SIGNATURES: Array<{ kind: ImageKind; matches: (b: Buffer) => boolean }> = [
  {
    kind: { mimeType: 'image/png', extension: 'png' },
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    kind: { mimeType: 'image/jpeg', extension: 'jpg' },
    matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    kind: { mimeType: 'image/gif', extension: 'gif' },
    matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    kind: { mimeType: 'image/webp', extension: 'webp' },
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function sniffImage(bytes: Buffer): ImageKind | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.kind ?? null;
}
