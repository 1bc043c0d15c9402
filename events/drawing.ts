import type { EventEnvelope } from './envelope';

/**
 * A stroke of a drawn answer (zeichnen) in the stored space (720x360, 2.4 times the 300x150 canvas):
 * line width, colour "#rrggbb" and the list of x,y points. Not the moderator's painting segment (Stroke).
 */
export interface DrawnStroke {
  width: number;
  color: string;
  points: Array<[number, number]>;
}

/** gz: a player's drawing of the open zeichnen question, saved so that a reload or another device redraws it. */
export type DrawingSaved = EventEnvelope<
  'DrawingSaved',
  1,
  {
    userId: string;
    round: number;
    number: number;
    strokes: DrawnStroke[];
  }
>;

export type DrawingEvent = DrawingSaved;
