/** The replay's fold with snapshots: every position equals the plain fold; loading stored events; playback timing. */
import { CURRENT_VERSION, type QuizShowEvent } from '../../events';
import { nightExportHeader } from '../../events/night-export';
import { fold, globalView, initialState, moderatorView, views } from '@live';
import { parseEventLine, parseEventLog } from '../../web/src/replay/load';
import {
  buildTimeline,
  clampPosition,
  delayToNext,
  finalState,
  positionAfter,
  SNAPSHOT_EVERY,
  stateAt,
  timeAt,
} from '../../web/src/replay/timeline';
import { expectedViews, recordedNight } from './replay/fixtures';

const events = recordedNight();

describe('the recorded night as the replay reads it', () => {
  it('parses every line of the recording', () => {
    expect(events.length).toBeGreaterThan(900);
    expect(events[0].type).toBe('UserRegistered');
  });

  it('ends in the views the live server pushed (golden file)', () => {
    const expected = expectedViews();
    const end = finalState(buildTimeline(events));
    expect(JSON.parse(JSON.stringify(globalView(end)))).toEqual(expected.global);
    expect(JSON.parse(JSON.stringify(moderatorView(end)))).toEqual(expected.moderator);
  });
});

describe('fold with snapshots', () => {
  it('keeps a snapshot every 500 events by default', () => {
    const timeline = buildTimeline(events);
    expect(SNAPSHOT_EVERY).toBe(500);
    expect(timeline.snapshots).toHaveLength(1 + Math.floor(events.length / 500));
    expect(timeline.snapshots[0]).toBe(initialState);
    expect(timeline.snapshots[1].version).toBe(500);
  });

  it.each([0, 1, 37, 499, 500, 501, 733, events.length - 1, events.length])(
    'position %i equals the plain fold of that many events',
    (p) => {
      const timeline = buildTimeline(events);
      const plain = fold(events.slice(0, p), initialState);
      const replayed = stateAt(timeline, p);
      expect(replayed.version).toBe(p);
      for (const viewer of [
        { userId: null, roles: [] },
        { userId: null, roles: ['moderator' as const] },
        { userId: 'n1-00006', roles: [] },
      ]) {
        expect(views(replayed, viewer)).toEqual(views(plain, viewer));
      }
    },
  );

  it('gives the same states with small snapshot intervals, scrubbing back and forth', () => {
    const small = buildTimeline(events, 7);
    const big = buildTimeline(events);
    for (const p of [900, 3, 450, 451, 12, events.length, 0]) {
      expect(globalView(stateAt(small, p))).toEqual(globalView(stateAt(big, p)));
    }
  });

  it('clamps positions outside the log', () => {
    const timeline = buildTimeline(events);
    expect(clampPosition(timeline, -5)).toBe(0);
    expect(clampPosition(timeline, 5000)).toBe(events.length);
    expect(clampPosition(timeline, Number.NaN)).toBe(0);
    expect(stateAt(timeline, 5000).version).toBe(events.length);
  });

  it('handles an empty log', () => {
    const timeline = buildTimeline([]);
    expect(stateAt(timeline, 3)).toBe(initialState);
    expect(timeAt(timeline, 0)).toBeNull();
    expect(delayToNext(timeline, 0, 1)).toBeNull();
  });
});

describe('playback in event time', () => {
  const at = (ms: number, i: number): QuizShowEvent => ({
    type: 'MaintenanceEnded',
    version: 1,
    data: {},
    metadata: { eventId: `e${i}`, commandId: `c${i}`, actor: { userId: null, roles: [] }, recordedAt: ms },
  });
  const timeline = buildTimeline([at(1000, 0), at(1000, 1), at(3000, 2), at(13_000, 3)]);

  it('waits the recordedAt gap divided by the speed', () => {
    expect(delayToNext(timeline, 0, 1)).toBe(0);
    expect(delayToNext(timeline, 2, 1)).toBe(2000);
    expect(delayToNext(timeline, 2, 10)).toBe(200);
    expect(delayToNext(timeline, 3, 100)).toBe(100);
    expect(delayToNext(timeline, 4, 1)).toBeNull();
  });

  it('applies every event due after some wall time at a speed', () => {
    expect(positionAfter(timeline, 0, 0, 1)).toBe(2);
    expect(positionAfter(timeline, 2, 1999, 1)).toBe(2);
    expect(positionAfter(timeline, 2, 200, 10)).toBe(3);
    expect(positionAfter(timeline, 2, 110, 100)).toBe(3);
    expect(positionAfter(timeline, 2, 120, 100)).toBe(4);
  });

  it('reports the time of a position', () => {
    expect(timeAt(timeline, 0)).toBe(1000);
    expect(timeAt(timeline, 3)).toBe(3000);
  });
});

describe('reading stored events', () => {
  const stored = {
    position: 17,
    streamId: 'team-t1',
    revision: 0,
    id: 'ev-1',
    type: 'TeamCreated',
    data: { teamId: 't1', name: 'Eulen', createdBy: 'u1' },
    metadata: { eventId: 'ev-1', commandId: 'c1', actor: { userId: 'u1', roles: [] }, recordedAt: 5, version: 1 },
  };

  it('upcasts a stored line by its metadata version and drops the version from the metadata', () => {
    const event = parseEventLine(stored);
    expect(event.type).toBe('TeamCreated');
    expect(event.version).toBe(3);
    expect(event.data).toMatchObject({
      teamId: 't1',
      name: 'Eulen',
      stadt: '',
      isNew: false,
      origin: 'dialog',
      number: null,
    });
    expect(event.metadata).toEqual({
      eventId: 'ev-1',
      commandId: 'c1',
      actor: { userId: 'u1', roles: [] },
      recordedAt: 5,
    });
  });

  it('reports unreadable lines and skips blank ones', () => {
    const text = [JSON.stringify(stored), '', '{broken', JSON.stringify({ ...stored, type: 'NoSuchEvent' }), ''].join(
      '\n',
    );
    const parsed = parseEventLog(text);
    expect(parsed.events).toHaveLength(1);
    expect(parsed.problems.map((p) => p.line)).toEqual([3, 4]);
  });

  it('skips the header line of an export and reads the events after it', () => {
    const header = nightExportHeader('2026-11-20T19:00:00.000Z');
    const parsed = parseEventLog([JSON.stringify(header), JSON.stringify(stored), ''].join('\n'));
    expect(parsed).toMatchObject({ problems: [], refusal: null });
    expect(parsed.events.map((e) => e.type)).toEqual(['TeamCreated']);
  });

  it('refuses an export of a newer format with the header check’s message, folding nothing', () => {
    const header = {
      ...nightExportHeader('2026-11-20T19:00:00.000Z'),
      eventVersions: { ...CURRENT_VERSION, TeamCreated: 7 },
    };
    const parsed = parseEventLog([JSON.stringify(header), JSON.stringify(stored)].join('\n'));
    expect(parsed.events).toEqual([]);
    expect(parsed.refusal).toContain('TeamCreated Version 7 (bekannt bis 3)');
  });
});
