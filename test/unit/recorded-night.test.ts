import fs from 'node:fs';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { decodeEvent, type EventToDecode } from '../../events/codec';
import { fold, initialState, views } from '../../projections/live';
import { recordNight } from '../support/recorded-night';
import { expectedViewsOf, RECORDING_DIR } from '../support/recording-files';

const dir = path.resolve(__dirname, '..', '..', RECORDING_DIR);
const lines = fs.readFileSync(path.join(dir, 'night-1.jsonl'), 'utf8').trim().split('\n');
const expected: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'night-1.expected-views.json'), 'utf8'));
const recorded = lines.map((line) => decodeEvent(JSON.parse(line) as EventToDecode));
const night = recordNight();
const state = fold(recorded, initialState);

/**
 * An event as the recording holds it: a lock-in of version 1 had no proposal key nor basis, a team
 * creation of version 2 no number, a lobby chat line of version 1 copied its author's name.
 */
function asRecorded(today: QuizShowEvent, line: string): unknown {
  const recorded = JSON.parse(line) as { version?: number; metadata?: { correlationId?: string } };
  const version = recorded.version;
  const event = recorded.metadata?.correlationId === undefined ? withoutCorrelation(today) : today;
  if (event.type === 'LobbyChatMessagePosted' && version === 1) {
    const { userId, message, highlight } = event.data;
    return {
      ...event,
      version: 1,
      data: { userId, name: (JSON.parse(line) as { data: { name: string } }).data.name, message, highlight },
    };
  }
  if (event.type === 'TeamCreated' && version === 2) {
    const { number: _number, ...v2 } = event.data;
    return { ...event, version: 2, data: v2 };
  }
  if (event.type !== 'AnswersLockedIn' || version !== 1) return event;
  return {
    ...event,
    version: 1,
    data: { ...event.data, answers: event.data.answers.map(({ proposalKey: _k, basis: _b, ...v1 }) => v1) },
  };
}

/** The recording predates correlation and causation ids (1.0): its events are read as their own command's. */
function withoutCorrelation(event: QuizShowEvent): QuizShowEvent {
  const { correlationId: _correlation, causationId: _causation, ...metadata } = event.metadata;
  return { ...event, metadata } as QuizShowEvent;
}

describe('the recorded night (events/recordings/night-1.jsonl)', () => {
  it('folds to the checked-in views of every scope', () => {
    expect(expectedViewsOf(state, night.viewers)).toEqual(expected);
  });

  it('is what the deciders produce today, lock-ins written in version 1 (regenerate with test/support/write-recording.ts)', () => {
    expect(night.world.log.map((e, i) => JSON.stringify(asRecorded(e, lines[i] ?? '{}')))).toEqual(lines);
  });

  it('holds lock-ins of version 1, upcast with the proposal and the basis unknown', () => {
    const lockIns = lines
      .map((line) => JSON.parse(line) as { type: string; version: number })
      .filter((e) => e.type === 'AnswersLockedIn');
    expect(lockIns.length).toBeGreaterThan(10);
    expect(lockIns.every((e) => e.version === 1)).toBe(true);
    const answers = recorded.flatMap((e) => (e.type === 'AnswersLockedIn' ? e.data.answers : []));
    expect(answers.every((a) => a.proposalKey === null && a.basis === 'unknown')).toBe(true);
    const today = night.world.log.flatMap((e) => (e.type === 'AnswersLockedIn' ? e.data.answers : []));
    expect(new Set(today.map((a) => a.basis))).toEqual(new Set(['favourite', 'stars', 'only']));
  });

  it('holds lobby chat lines of version 1, whose copied names the fold now takes from the users', () => {
    const v1 = lines
      .map((line) => JSON.parse(line) as { type: string; version: number; data: { name?: string; message: string } })
      .filter((e) => e.type === 'LobbyChatMessagePosted');
    expect(v1.length).toBeGreaterThan(0);
    expect(v1.every((e) => e.version === 1)).toBe(true);
    expect(state.show.lobbyChat.map((e) => [e.user, e.message])).toEqual(v1.map((e) => [e.data.name, e.data.message]));
  });

  it('covers a whole night: 3 rounds, 12 teams, 40 players, every question type', () => {
    const types = new Set(recorded.map((e) => e.type));
    for (const t of [
      'ProposalAdded',
      'StarToggled',
      'FavoriteChosen',
      'QuizzleAccepted',
      'AnswerRated',
      'HealDealChosen',
      'HealDealCalculated',
      'PointsPublished',
      'ShipQuestionCorrected',
    ]) {
      expect(types).toContain(t);
    }
    const questionTypes = new Set(
      recorded.flatMap((e) => (e.type === 'QuestionStarted' ? [e.data.question.type] : [])),
    );
    expect([...questionTypes].sort()).toEqual([
      'abcd',
      'finale',
      'heal_deal',
      'instruction',
      'normal',
      'quizzle',
      'schiffe',
      'selfie',
      'zeichnen',
    ]);
    expect(new Set(recorded.flatMap((e) => (e.type === 'QuestionStarted' ? [e.data.round] : [])))).toEqual(
      new Set([1, 2, 3]),
    );
    expect(state.teams.size).toBe(12);
    expect(state.users.values().filter((u) => u.roles.length === 0 && u.teamId !== null)).toHaveLength(40);
  });

  it('published the ranking of all teams with answers', () => {
    const global = views(state, night.viewers.visitor).global;
    expect(global.points.rounds).toEqual([1, 2, 3]);
    expect(global.points.sortedTeams).toHaveLength(12);
    const totals = global.points.sortedTeams.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('a player of the night sees the own team only', () => {
    const mine = views(state, night.viewers['team-1-player']);
    expect(mine.team!.id).toBe(night.teamIds[0]);
    expect(mine.moderator).toBeUndefined();
  });
});
