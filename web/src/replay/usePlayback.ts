/** Plays the timeline in event time: each recordedAt gap divided by the speed. */
import { useEffect } from 'react';
import { delayToNext, positionAfter, type Timeline } from './timeline';

/** Longest single wait (setTimeout's limit); longer gaps wait in several steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export function usePlayback(
  timeline: Timeline | null,
  position: number,
  playing: boolean,
  speed: number,
  setPosition: (p: number) => void,
  setPlaying: (playing: boolean) => void,
): void {
  useEffect(() => {
    if (!timeline || !playing) return;
    const delay = delayToNext(timeline, position, speed);
    if (delay === null) {
      setPlaying(false);
      return;
    }
    const wait = Math.min(delay, MAX_WAIT_MS);
    const timer = setTimeout(() => {
      // Every event due by now (simultaneous events are applied together).
      const next = positionAfter(timeline, position, wait, speed);
      setPosition(Math.max(next, position + (wait === delay ? 1 : 0)));
    }, wait);
    return () => clearTimeout(timer);
  }, [timeline, position, playing, speed, setPosition, setPlaying]);
}
