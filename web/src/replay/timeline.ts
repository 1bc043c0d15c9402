/**
 * The replay's fold: the same `evolve` as the server, with a snapshot every SNAPSHOT_EVERY events
 * so that any position is at most that many evolve steps away (scrubbing stays instant).
 * Position p means "after the first p events" (0 = the initial state, events.length = the end).
 */
import type { QuizShowEvent } from '../../../events';
import { evolve, initialState, type LiveState } from '@live';

export const SNAPSHOT_EVERY = 500;

export interface Timeline {
  readonly events: readonly QuizShowEvent[];
  /** snapshots[i] = the state after i * every events. */
  readonly snapshots: readonly LiveState[];
  readonly every: number;
}

export function buildTimeline(events: readonly QuizShowEvent[], every = SNAPSHOT_EVERY): Timeline {
  const snapshots: LiveState[] = [initialState];
  let state = initialState;
  events.forEach((event, i) => {
    state = evolve(state, event);
    if ((i + 1) % every === 0) snapshots.push(state);
  });
  return { events, snapshots, every };
}

export function clampPosition(timeline: Timeline, position: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.max(0, Math.min(timeline.events.length, Math.trunc(position)));
}

/** The state after `position` events: the nearest snapshot, then at most `every - 1` evolve steps. */
export function stateAt(timeline: Timeline, position: number): LiveState {
  const p = clampPosition(timeline, position);
  const index = Math.min(Math.floor(p / timeline.every), timeline.snapshots.length - 1);
  let state = timeline.snapshots[index];
  for (let i = index * timeline.every; i < p; i++) state = evolve(state, timeline.events[i]);
  return state;
}

export function finalState(timeline: Timeline): LiveState {
  return stateAt(timeline, timeline.events.length);
}

/** The event time of a position: the last applied event's recordedAt (the first event's for position 0). */
export function timeAt(timeline: Timeline, position: number): number | null {
  const { events } = timeline;
  if (events.length === 0) return null;
  const p = clampPosition(timeline, position);
  return events[Math.max(0, p - 1)].metadata.recordedAt;
}

/**
 * Playback in event time: after `elapsedMs` of wall time at `speed`, starting at `from`, the
 * position is the last event recorded no later than start time + elapsed * speed.
 */
export function positionAfter(timeline: Timeline, from: number, elapsedMs: number, speed: number): number {
  const { events } = timeline;
  const start = timeAt(timeline, from);
  if (start === null) return 0;
  const target = start + elapsedMs * speed;
  let p = clampPosition(timeline, from);
  while (p < events.length && events[p].metadata.recordedAt <= target) p++;
  return p;
}

/** Wall milliseconds until the next event is due at `speed` (its recordedAt gap divided by the speed); null at the end. */
export function delayToNext(timeline: Timeline, position: number, speed: number): number | null {
  const p = clampPosition(timeline, position);
  if (p >= timeline.events.length) return null;
  const now = timeAt(timeline, p) ?? 0;
  const gap = timeline.events[p].metadata.recordedAt - now;
  return Math.max(0, gap) / speed;
}

export const SPEEDS = [1, 2, 5, 10, 20, 50, 100] as const;
