/**
 * Colour contrast as WCAG 2.x defines it (relative luminance of sRGB, contrast ratio), for the show's
 * primary colour: the app writes white text on it (buttons, the header), so a colour on which white
 * text is hard to read is refused (PROTOCOL.md wave 4). The server's rule and the settings form both
 * read it from here.
 */

/** WCAG AA for normal text (success criterion 1.4.3). */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** `#rrggbb`, six hex digits (either case). */
export function isHexColour(text: string): boolean {
  return HEX_COLOUR.test(text);
}

/** One sRGB channel (0..255) as linear light. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const channel = (at: number) => linear(Number.parseInt(hex.slice(at, at + 2), 16));
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21 (the order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [ofA, ofB] = [relativeLuminance(a), relativeLuminance(b)] as const;
  return (Math.max(ofA, ofB) + 0.05) / (Math.min(ofA, ofB) + 0.05);
}

/** The contrast of white text on the colour. */
export function whiteTextContrast(hex: string): number {
  return contrastRatio('#ffffff', hex);
}

/** White text on the colour passes WCAG AA (4.5:1). */
export function whiteTextReadable(hex: string): boolean {
  return whiteTextContrast(hex) >= WCAG_AA_TEXT_CONTRAST;
}

/** 4.4871 → "4,48": two decimals, rounded down so that a failing colour never reads as 4,50. */
export function contrastText(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2).replace('.', ',');
}
