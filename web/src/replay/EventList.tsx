/** The events around the current position (or those matching a search): number, time, actor, type, description. */
import { useMemo, useState } from 'react';
import { causationOf, correlationOf, type QuizShowEvent } from '../../../events';
import type { LiveState } from '@live';
import { ColumnHeads } from '../components/ColumnHeads';
import { Field } from '../components/Field';
import { t } from '../texts/replay';
import { actorName, describeEvent, formatTime } from './describe';
import type { Timeline } from './timeline';

export const LIST_RADIUS = 40;

/** The window of event indices shown around `position` (the current event is index position - 1). */
export function listWindow(total: number, position: number, radius = LIST_RADIUS): { from: number; to: number } {
  const current = Math.max(0, position - 1);
  const from = Math.max(0, Math.min(current - radius, total - 2 * radius - 1));
  const to = Math.min(total, from + 2 * radius + 1);
  return { from, to };
}

export const SEARCH_LIMIT = 200;

/** Indices of the events whose type, actor or description contains every word of `query` (case-insensitive). */
export function searchEvents(timeline: Timeline, names: LiveState, query: string, limit = SEARCH_LIMIT): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: number[] = [];
  for (let i = 0; i < timeline.events.length && found.length < limit; i++) {
    const event = timeline.events[i];
    const text =
      `${event.type} ${actorName(event, names)} ${describeEvent(event, names)} ${correlationOf(event.metadata)} ${causationOf(event.metadata)}`.toLowerCase();
    if (words.every((w) => text.includes(w))) found.push(i);
  }
  return found;
}

/**
 * The index of each event by its id: where an event's causation points when another command's event
 * caused it. (An event id may equal its own command's id: the first event of a command with a UUID id.)
 */
function indexById(events: readonly QuizShowEvent[]): Map<string, { index: number; commandId: string }> {
  return new Map(
    events.map((event, index) => [event.metadata.eventId, { index, commandId: event.metadata.commandId }]),
  );
}

/** The cause of an event (PROTOCOL.md wave 5): the event a scheduler acted on (a jump to it), or its command. */
function Cause({
  event,
  byId,
  onJump,
}: {
  event: QuizShowEvent;
  byId: ReturnType<typeof indexById>;
  onJump(position: number): void;
}) {
  const cause = byId.get(causationOf(event.metadata));
  const causeIndex = cause?.index;
  if (cause === undefined || causeIndex === undefined || cause.commandId === event.metadata.commandId)
    return <span title={causationOf(event.metadata)}>{t.replay.causeCommand}</span>;
  return (
    <button
      type="button"
      className="chip"
      aria-label={t.replay.causeJump(causeIndex + 1)}
      title={causationOf(event.metadata)}
      onClick={() => onJump(causeIndex + 1)}
    >
      {t.replay.causeEvent(causeIndex + 1)}
    </button>
  );
}

export function EventList({
  timeline,
  position,
  names,
  onJump,
}: {
  timeline: Timeline;
  position: number;
  names: LiveState;
  onJump(position: number): void;
}) {
  const [query, setQuery] = useState('');
  const byId = useMemo(() => indexById(timeline.events), [timeline]);
  const total = timeline.events.length;
  if (total === 0) return <p className="muted">{t.replay.noEvents}</p>;
  const { from, to } = listWindow(total, position);
  const searching = query.trim() !== '';
  const indices = searching
    ? searchEvents(timeline, names, query)
    : Array.from({ length: to - from }, (_, k) => from + k);
  return (
    <section aria-labelledby="replay-events-heading">
      <div className="section-head">
        <h2 id="replay-events-heading">{t.replay.eventsHeading}</h2>
        <span className="muted" role="status">
          {searching
            ? t.replay.searchResult(indices.length, indices.length >= SEARCH_LIMIT)
            : t.replay.eventsWindow(from + 1, to, total)}
        </span>
      </div>
      <Field label={t.replay.search} hint={t.replay.searchHint} value={query} onValue={setQuery} type="search" />
      <div className="table-scroll">
        <table className="table table--compact replay-events">
          <ColumnHeads
            labels={[
              t.replay.colNumber,
              t.replay.colTime,
              t.replay.colActor,
              t.replay.colType,
              t.replay.colDescription,
              t.replay.colCause,
              t.replay.colCorrelation,
            ]}
          />
          <tbody>
            {indices.map((index) => {
              const event = timeline.events[index];
              const current = index === position - 1;
              const future = index >= position;
              return (
                <tr
                  key={index}
                  className={`${current ? 'replay-events__current' : ''} ${future ? 'replay-events__future' : ''}`}
                  aria-current={current ? 'step' : undefined}
                >
                  <td>
                    <button
                      type="button"
                      className="chip"
                      aria-label={t.replay.jumpTo(index + 1)}
                      onClick={() => onJump(index + 1)}
                    >
                      {index + 1}
                    </button>
                  </td>
                  <td className="replay-events__time">{formatTime(event.metadata.recordedAt)}</td>
                  <td>{actorName(event, names)}</td>
                  <td>
                    <code>{event.type}</code>
                  </td>
                  <td>{describeEvent(event, names)}</td>
                  <td>
                    <Cause event={event} byId={byId} onJump={onJump} />
                  </td>
                  <td>
                    <code title={t.replay.correlationTitle(correlationOf(event.metadata))}>
                      {correlationOf(event.metadata).slice(0, 8)}
                    </code>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
