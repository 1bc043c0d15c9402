/** Scrubber, step buttons, play/pause and speed. Keys while the timeline has focus: space, arrows, Page up/down, Home, End. */
import { useId, type KeyboardEvent } from 'react';
import type { LiveState } from '@live';
import { t } from '../texts/replay';
import { actorName, describeEvent, formatTime } from './describe';
import { SPEEDS, type Timeline } from './timeline';

export const PAGE_STEP = 50;

export interface ControlsProps {
  timeline: Timeline;
  position: number;
  playing: boolean;
  speed: number;
  names: LiveState;
  onPosition(position: number): void;
  onPlaying(playing: boolean): void;
  onSpeed(speed: number): void;
}

/** The position a key moves to, or null when the key is not a timeline key (space is handled apart). */
export function positionForKey(key: string, position: number, total: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, position - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(total, position + 1);
    case 'PageDown':
      return Math.max(0, position - PAGE_STEP);
    case 'PageUp':
      return Math.min(total, position + PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return total;
    default:
      return null;
  }
}

export function ReplayControls({
  timeline,
  position,
  playing,
  speed,
  names,
  onPosition,
  onPlaying,
  onSpeed,
}: ControlsProps) {
  const total = timeline.events.length;
  const scrubberId = useId();
  const speedId = useId();
  const hintId = useId();
  const current = position > 0 ? timeline.events[position - 1] : null;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const target = e.target as HTMLElement;
    if (target.tagName === 'SELECT') return;
    if (e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      onPlaying(!playing);
      return;
    }
    const next = positionForKey(e.key, position, total);
    if (next === null) return;
    e.preventDefault();
    onPlaying(false);
    onPosition(next);
  }

  const step = (next: number) => {
    onPlaying(false);
    onPosition(next);
  };

  return (
    <div
      className="replay-controls"
      role="group"
      aria-label={t.replay.timelineLabel}
      aria-describedby={hintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={scrubberId} className="replay-controls__position">
        {t.replay.position(position, total)}
      </label>
      <input
        id={scrubberId}
        className="replay-controls__scrubber"
        type="range"
        min={0}
        max={total}
        step={1}
        value={position}
        aria-valuetext={t.replay.position(position, total)}
        onChange={(e) => step(Number(e.target.value))}
      />
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          onClick={() => step(0)}
          disabled={position === 0}
          aria-label={t.replay.start}
        >
          |◀
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => step(Math.max(0, position - 1))}
          disabled={position === 0}
          aria-label={t.replay.back}
        >
          ◀
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => onPlaying(!playing)}
          disabled={!playing && position >= total}
          aria-pressed={playing}
        >
          {playing ? `❚❚ ${t.replay.pause}` : `▶ ${t.replay.play}`}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => step(Math.min(total, position + 1))}
          disabled={position >= total}
          aria-label={t.replay.forward}
        >
          ▶
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => step(total)}
          disabled={position >= total}
          aria-label={t.replay.end}
        >
          ▶|
        </button>
        <div className="field field--inline">
          <label htmlFor={speedId}>{t.replay.speed}</label>
          <select id={speedId} value={speed} onChange={(e) => onSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t.replay.speedOption(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="replay-controls__current" aria-live={playing ? 'off' : 'polite'}>
        {current ? (
          <>
            <span className="replay-events__time">{formatTime(current.metadata.recordedAt)}</span>
            {' · '}
            <strong>{actorName(current, names)}</strong>
            {' · '}
            {describeEvent(current, names)}
          </>
        ) : (
          t.replay.position(0, total)
        )}
      </p>
      <small id={hintId} className="hint">
        {t.replay.timelineHint}
      </small>
    </div>
  );
}
