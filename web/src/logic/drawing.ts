/** Drawing canvas constants and the scaling of stored strokes. */

export const CANVAS_WIDTH = 300;
export const CANVAS_HEIGHT = 150;
export const UPLOAD_WIDTH = 600;
export const UPLOAD_HEIGHT = 300;
export const STORED_SCALE = 2.4;
export const REDRAW_DELAY_MS = 100;

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

export const WIDTHS = [2, 5, 16, 48] as const;
export const ERASER_WIDTH = 48;
export const DEFAULT_WIDTH = 2;
export const DEFAULT_COLOUR: ColourKey = 'dark';

/** A stroke of a drawn answer (the zeichnen canvas), not the moderator's painting segment (events' Stroke). */
export interface DrawnStroke {
  width: number;
  color: string;
  points: Array<[number, number]>;
}

/** Stored strokes come in the 720x360 space: coordinates are divided by 2.4 and the width halved. */
export function scaleStoredStroke(stroke: DrawnStroke): DrawnStroke {
  return {
    width: stroke.width / 2,
    color: stroke.color,
    points: stroke.points.map(([x, y]) => [x / STORED_SCALE, y / STORED_SCALE]),
  };
}

function isPoint(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/** Parses stored strokes (JSON text or an array); anything else gives an empty list. */
export function parseStoredStrokes(stored: unknown): DrawnStroke[] {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const strokes: DrawnStroke[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const s = item as Record<string, unknown>;
    const width = typeof s.width === 'number' ? s.width : typeof s.lineWidth === 'number' ? s.lineWidth : null;
    const color = typeof s.color === 'string' ? s.color : null;
    const points = Array.isArray(s.points) ? s.points.filter(isPoint) : [];
    if (width !== null && color !== null && points.length > 0) strokes.push({ width, color, points });
  }
  return strokes;
}
