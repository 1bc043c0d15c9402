/**
 * The replay page rendered on the server at positions of the recorded night: the real player and
 * moderator components show what that viewer saw then; events, points and audit at that point.
 */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { pointsOverview, teamView } from '@live';
import { buildAudit } from '../../web/src/replay/audit';
import { AuditPanel } from '../../web/src/replay/AuditPanel';
import { formatTime } from '../../web/src/replay/describe';
import { listWindow, searchEvents } from '../../web/src/replay/EventList';
import { positionForKey } from '../../web/src/replay/ReplayControls';
import { Replayer, type ReplayerProps } from '../../web/src/replay/ReplayPage';
import { secondsLeft } from '../../web/src/logic/countdown';
import { buildReplayStore, pausedOffset } from '../../web/src/replay/ReplayViews';
import { buildTimeline, finalState, stateAt } from '../../web/src/replay/timeline';
import type { ReplayViewer } from '../../web/src/replay/viewers';
import { t } from '../../web/src/texts/replay';
import { recordedNight } from './replay/fixtures';
import { esc, render } from './support/render';

const events = recordedNight();
const timeline = buildTimeline(events);
const names = finalState(timeline);
/** Question 1.1 with the countdown just started: proposals, stars and favourites are on the table. */
const countdown = events.findIndex((e) => e.type === 'CountdownStarted') + 1;
const teamId = (name: string) => {
  let found = '';
  names.teams.forEach((team) => {
    if (team.name === name) found = team.id;
  });
  return found;
};

const page = (props: ReplayerProps) =>
  renderToString(createElement(Router, { ssrPath: '/admin/replay', children: createElement(Replayer, props) }));

describe('the replay route', () => {
  it('is an admin page with a navbar entry', () => {
    const html = render('/admin/replay', { perm: ['admin'] });
    expect(html).toContain(esc(t.replay.heading));
    expect(html).toContain('href="/admin/replay"');
    expect(html).toContain(esc(t.replay.nightLabel));
  });

  it('is not there for moderators without the admin perm', () => {
    const html = render('/admin/replay', { perm: ['moderator'] });
    expect(html).not.toContain(esc(t.replay.heading));
    expect(html).not.toContain('href="/admin/replay"');
  });
});

describe('the replay at a position', () => {
  it('shows the timeline at that position with the current event', () => {
    const html = page({ events, initialPosition: countdown });
    expect(html).toContain(esc(t.replay.position(countdown, events.length)));
    expect(html).toContain(`value="${countdown}"`);
    expect(html).toContain(`max="${events.length}"`);
    expect(html).toContain(formatTime(events[countdown - 1].metadata.recordedAt));
    expect(html).toContain(esc('Countdown 30 s gestartet'));
    for (const speed of [1, 100]) expect(html).toContain(`>${speed}x<`);
  });

  it('renders the global view with the real question component, read-only', () => {
    const html = page({ events, initialPosition: countdown });
    expect(html).toContain('inert=""');
    expect(html).toContain('Hauptstadt von Kanada?');
    expect(html).toContain('question--normal');
    expect(html).not.toContain('Ottawa</');
  });

  it('renders a team’s screen: its proposals, favourite and members', () => {
    const id = teamId('Besserwisser');
    const viewer: ReplayViewer = { kind: 'team', teamId: id };
    const html = page({ events, initialPosition: countdown, initialViewer: viewer });
    const view = teamView(stateAt(timeline, countdown), id)!;
    const proposals = Object.values(view.proposals).filter((p) => !p.chat);
    expect(proposals.length).toBeGreaterThan(0);
    for (const p of proposals) expect(html).toContain(esc(p.message));
    for (const m of Object.values(view.members)) expect(html).toContain(esc(m.name));
    expect(html).toContain('Besserwisser');
    if (view.favorite !== null) expect(html).toContain('proposal--favorite');
    // The screen shows this team only (the viewer list names them all).
    const screen = html.slice(html.indexOf('class="replay-screen"'));
    expect(screen).toContain('Besserwisser');
    expect(screen).not.toContain('Quizgurus');
  });

  it('renders a player’s screen with the player’s own team', () => {
    let userId = '';
    names.users.forEach((u) => {
      if (u.name === 'spieler1') userId = u.id;
    });
    const html = page({ events, initialPosition: countdown, initialViewer: { kind: 'player', userId } });
    expect(html).toContain('Die Ahnungslosen');
    expect(html).toContain('spieler1');
  });

  it('renders the moderator’s control panels with the answer and the favourites', () => {
    const html = page({ events, initialPosition: countdown, initialViewer: { kind: 'moderator' } });
    expect(html).toContain(esc(t.control.currentHeading));
    expect(html).toContain('Ottawa');
    expect(html).toContain(esc(t.control.favouritesHeading));
    expect(html).toContain('Besserwisser');
  });

  it('lists the events around the position with actor, time and description', () => {
    const html = page({ events, initialPosition: countdown, initialTab: 'events' });
    expect(html).toContain('aria-current="step"');
    expect(html).toContain('<code>CountdownStarted</code>');
    expect(html).toContain('olaf');
    expect(html).toContain(esc(t.replay.eventsWindow(countdown - 40, countdown + 40, events.length)));
  });

  it("shows each event's cause and correlation: its command, or the countdown start a scheduler's expiry acted on (a jump); the correlation is searchable", () => {
    const start = events[countdown - 1]!;
    const expiryIndex = events.findIndex((e, i) => i >= countdown && e.type === 'CountdownExpired');
    expect(expiryIndex).toBeGreaterThan(0);
    // As the scheduler stamps it since 1.0 (the recorded night is older: its events are their own commands' cause).
    const stamped = events.map((e, i) =>
      i === expiryIndex
        ? ({
            ...e,
            metadata: { ...e.metadata, causationId: start.metadata.eventId, correlationId: start.metadata.commandId },
          } as typeof e)
        : e,
    );
    const html = page({ events: stamped, initialPosition: expiryIndex + 1, initialTab: 'events' });
    expect(html).toContain(esc(t.replay.colCause));
    expect(html).toContain(esc(t.replay.colCorrelation));
    expect(html).toContain(`aria-label="${esc(t.replay.causeJump(countdown))}"`);
    expect(html).toContain(esc(t.replay.causeCommand));
    expect(html).toContain(`>${start.metadata.commandId.slice(0, 8)}</code>`);
    const stampedTimeline = buildTimeline(stamped);
    const conversation = searchEvents(stampedTimeline, finalState(stampedTimeline), start.metadata.commandId);
    expect(conversation).toEqual(expect.arrayContaining([countdown - 1, expiryIndex]));
  });

  it('shows the points at that position and at the end', () => {
    const start = page({ events, initialPosition: countdown, initialTab: 'points' });
    expect(start).toContain(esc(t.replay.noPoints));
    const end = page({ events, initialTab: 'points' });
    const top = pointsOverview(names, '1').sortedTeams[0];
    expect(end).toContain(esc(top.name));
    expect(end).toContain(`<strong>${top.total}</strong>`);
  });

  it('shows the audit of a team and round', () => {
    const audit = buildAudit(events);
    const html = renderToString(
      createElement(AuditPanel, { audit, names, initialTeam: teamId('Besserwisser'), initialRound: '2' }),
    );
    const round2 = pointsOverview(names, '1').sortedTeams.find((r) => r.name === 'Besserwisser')!.rounds[1];
    expect(html).toContain(esc(t.replay.audit.roundTotal(2, round2)));
    expect(html).toContain(esc(t.replay.audit.question(2, 1)));
    expect(html).not.toContain(esc(t.replay.audit.question(1, 1)));
    expect(html).toContain(esc(t.replay.audit.lockIn));
    expect(html).toContain('Countdown-Ende');
    expect(html).toContain('kontrolle-');
    // The recording's lock-ins are of version 1: the panel says that it cannot tell why.
    expect(html).toContain(esc(t.replay.audit.bases.unknown));
    expect(html).toContain(esc(t.replay.audit.notRecorded));
  });
});

describe('replay pieces', () => {
  it('builds a separate store from the replayed views; the countdown counts from the event time', () => {
    const state = stateAt(timeline, countdown);
    const eventTime = events[countdown - 1].metadata.recordedAt;
    const store = buildReplayStore(state, { kind: 'global' }, eventTime, eventTime + 5000, true);
    expect(store.getState().live.loaded).toBe(true);
    expect(store.getState().live.serverOffsetMs).toBe(-5000);
    const paused = buildReplayStore(state, { kind: 'global' }, eventTime, eventTime + 5000, false).getState().live;
    expect(secondsLeft(paused.views.global?.countdownEndsAt, eventTime + 5000, paused.serverOffsetMs)).toBe(30);
    expect(store.getState().live.views.global?.state).toBe('qc');
    expect(store.getState().live.views.moderator).toBeNull();
    expect(store.getState().session.teams).toHaveLength(12);
  });

  it('moves by keys and keeps the event window inside the log', () => {
    expect(positionForKey('ArrowRight', 5, 10)).toBe(6);
    expect(positionForKey('ArrowLeft', 0, 10)).toBe(0);
    expect(positionForKey('PageUp', 5, 100)).toBe(55);
    expect(positionForKey('End', 5, 100)).toBe(100);
    expect(positionForKey('Home', 5, 100)).toBe(0);
    expect(positionForKey('x', 5, 100)).toBeNull();
    expect(listWindow(1000, 0)).toEqual({ from: 0, to: 81 });
    expect(listWindow(1000, 1000)).toEqual({ from: 919, to: 1000 });
    expect(listWindow(10, 5)).toEqual({ from: 0, to: 10 });
  });
});

describe('a paused countdown', () => {
  it('shows the seconds left at the event time whenever within the next second the box reads the clock', () => {
    const endsAt = 100_000;
    for (const eventTime of [70_000, 87_655, 99_999, 100_000, 120_000]) {
      const now = 5_000_000;
      const offset = pausedOffset(endsAt, eventTime, now);
      const expected = Math.max(0, Math.ceil((endsAt - eventTime) / 1000));
      for (const read of [now - 999, now - 500, now]) expect(secondsLeft(endsAt, read, offset)).toBe(expected);
    }
    expect(pausedOffset(null, 70_000, 5_000_000)).toBe(70_000 - 5_000_000);
  });
});

describe('searching the events', () => {
  it('finds events by type, name and text, all words at once', () => {
    const rated = searchEvents(timeline, names, 'AnswerRated');
    expect(rated.length).toBe(events.filter((e) => e.type === 'AnswerRated').length);
    const favourites = searchEvents(timeline, names, 'besserwisser favoriten');
    expect(favourites.length).toBeGreaterThan(0);
    for (const i of favourites) expect(events[i].type).toBe('FavoriteChosen');
    expect(searchEvents(timeline, names, '   ')).toEqual([]);
    expect(searchEvents(timeline, names, 'proposal', 5)).toHaveLength(5);
  });
});
