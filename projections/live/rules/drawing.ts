/**
 * A drawn answer (zeichnen) as its strokes: what the server keeps so that a drawing reopened (a reload,
 * another device) shows what was drawn, and how the 300x150 canvas redraws them. Strokes are stored in
 * a space 2.4 times the canvas (720x360) with doubled widths; the spec's redraw divides the
 * coordinates by 2.4 and halves the width.
 */
import type { DrawnStroke } from '../../../events';
import { FIELD_MAXIMA } from './field-limits';

export type { DrawnStroke };

/** The canvas players draw on, and the stored space (2.4 times larger). */
export const DRAWING_CANVAS_WIDTH = 300;
export const DRAWING_CANVAS_HEIGHT = 150;
export const DRAWING_STORED_SCALE = 2.4;
export const DRAWING_STORED_WIDTH = DRAWING_CANVAS_WIDTH * DRAWING_STORED_SCALE;
export const DRAWING_STORED_HEIGHT = DRAWING_CANVAS_HEIGHT * DRAWING_STORED_SCALE;
/** The widest stroke in the stored space: the eraser (48) doubled. */
export const DRAWING_MAX_STORED_LINE_WIDTH = 96;
/**
 * At most this many points in all strokes of one drawing, in at most this many strokes: with whole
 * coordinates the largest `gz` frame is about 43 KB, well below the socket's 64 KB (frame.ts), and a
 * team's drawings stay small in the log. The web thins a longer drawing (thinDrawing) before saving it.
 */
export const DRAWING_MAX_POINTS = FIELD_MAXIMA.drawingPoints;
export const DRAWING_MAX_STROKES = FIELD_MAXIMA.drawingStrokes;

/** The redraw (spec): stored coordinates divided by 2.4, the width halved. */
export function fromStoredStroke(stroke: DrawnStroke): DrawnStroke {
  return {
    width: stroke.width / 2,
    color: stroke.color,
    points: stroke.points.map(([x, y]) => [x / DRAWING_STORED_SCALE, y / DRAWING_STORED_SCALE]),
  };
}

/** The inverse, for saving: canvas coordinates times 2.4 (whole numbers), the width doubled. */
export function toStoredStroke(stroke: DrawnStroke): DrawnStroke {
  const stored = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value * DRAWING_STORED_SCALE)));
  return {
    width: stroke.width * 2,
    color: stroke.color,
    points: stroke.points.map(([x, y]) => [stored(x, DRAWING_STORED_WIDTH), stored(y, DRAWING_STORED_HEIGHT)]),
  };
}

/**
 * A drawing with at most `maxPoints` points: each stroke keeps every k-th point (and its last one),
 * with the smallest k that fits; a drawing that fits stays as it is.
 */
export function thinDrawing(strokes: readonly DrawnStroke[], maxPoints: number = DRAWING_MAX_POINTS): DrawnStroke[] {
  const total = strokes.reduce((sum, s) => sum + s.points.length, 0);
  if (total <= maxPoints) return [...strokes];
  for (let step = 2; ; step++) {
    const thinned = strokes.map((s) => ({
      ...s,
      points: s.points.filter((_, i) => i % step === 0 || i === s.points.length - 1),
    }));
    if (thinned.reduce((sum, s) => sum + s.points.length, 0) <= maxPoints || step >= total) return thinned;
  }
}

export type DrawingProblem = 'invalid' | 'tooLarge';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

function isCoordinate(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max;
}

/**
 * Strokes as sent (`gz`): a list of {width, color "#rrggbb", points [[x, y], ...]} in the stored space,
 * each stroke with at least one point; coordinates are rounded to whole numbers. Or what is wrong.
 */
export function readDrawing(
  value: unknown,
): { ok: true; strokes: DrawnStroke[] } | { ok: false; problem: DrawingProblem } {
  if (!Array.isArray(value)) return { ok: false, problem: 'invalid' };
  if (value.length > DRAWING_MAX_STROKES) return { ok: false, problem: 'tooLarge' };
  const strokes: DrawnStroke[] = [];
  let points = 0;
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return { ok: false, problem: 'invalid' };
    const { width, color, points: sent } = item as Record<string, unknown>;
    if (typeof width !== 'number' || !(width > 0 && width <= DRAWING_MAX_STORED_LINE_WIDTH))
      return { ok: false, problem: 'invalid' };
    if (typeof color !== 'string' || !COLOUR.test(color)) return { ok: false, problem: 'invalid' };
    if (!Array.isArray(sent) || sent.length === 0) return { ok: false, problem: 'invalid' };
    points += sent.length;
    if (points > DRAWING_MAX_POINTS) return { ok: false, problem: 'tooLarge' };
    const read: Array<[number, number]> = [];
    for (const point of sent as unknown[]) {
      if (!Array.isArray(point) || point.length !== 2) return { ok: false, problem: 'invalid' };
      const [x, y] = point as unknown[];
      if (!isCoordinate(x, DRAWING_STORED_WIDTH) || !isCoordinate(y, DRAWING_STORED_HEIGHT))
        return { ok: false, problem: 'invalid' };
      read.push([Math.round(x), Math.round(y)]);
    }
    strokes.push({ width, color: color.toLowerCase(), points: read });
  }
  return { ok: true, strokes };
}
