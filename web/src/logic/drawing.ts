/**
 * The drawing canvas's tools and sizes. How strokes are stored and redrawn (coordinates / 2.4, width
 * halved) is the engine's (projections/live/rules/drawing.ts), which the server checks saved drawings by.
 */
import { DRAWING_CANVAS_HEIGHT, DRAWING_CANVAS_WIDTH } from '@live/rules/drawing';

export { fromStoredStroke, thinDrawing, toStoredStroke, type DrawnStroke } from '@live/rules/drawing';

export const CANVAS_WIDTH = DRAWING_CANVAS_WIDTH;
export const CANVAS_HEIGHT = DRAWING_CANVAS_HEIGHT;
export const UPLOAD_WIDTH = 600;
export const UPLOAD_HEIGHT = 300;
/** Stored strokes are redrawn this long after the canvas appears (spec). */
export const REDRAW_DELAY_MS = 100;
/** A pointer move closer than this (canvas pixels) to the stroke's last point adds no point: drawings stay small. */
export const MIN_POINT_DISTANCE = 1;

export const COLOURS = [
  { key: 'white', value: '#ffffff' },
  { key: 'dark', value: '#222222' },
  { key: 'red', value: '#e53935' },
  { key: 'green', value: '#43a047' },
  { key: 'blue', value: '#1e88e5' },
  { key: 'pink', value: '#ec407a' },
  { key: 'lightYellow', value: '#fff59d' },
  { key: 'darkYellow', value: '#f9a825' },
] as const;
export type ColourKey = (typeof COLOURS)[number]['key'];
/** Each colour's value by its key. */
export const COLOUR_VALUES = Object.fromEntries(COLOURS.map((c) => [c.key, c.value])) as Readonly<
  Record<ColourKey, string>
>;

export const WIDTHS = [2, 5, 16, 48] as const;
export const ERASER_WIDTH = 48;
export const DEFAULT_WIDTH = 2;
export const DEFAULT_COLOUR: ColourKey = 'dark';

/** Whether a pointer move far enough from the last point to add one. */
export function addsPoint(last: readonly [number, number] | undefined, next: readonly [number, number]): boolean {
  return !last || Math.hypot(next[0] - last[0], next[1] - last[1]) >= MIN_POINT_DISTANCE;
}
