/**
 * The socket's frame limit, for the server (ws maxPayload) and the web app (which refuses a command
 * locally rather than send a frame over it and lose its socket).
 */
export const MAX_FRAME_BYTES = 64 * 1024;

export const FRAME_TOO_LARGE = 'Diese Nachricht ist zu groß für den Server und wurde nicht gesendet.';

/** A text's length in UTF-8 bytes (what the socket counts), without an encoder. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
