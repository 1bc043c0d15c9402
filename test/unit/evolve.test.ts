import fs from 'node:fs';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { decodeEvent, type EventToDecode } from '../../events/codec';
import { evolve, fold, initialState, views } from '../../projections/live';
import { q, showWithQuestion } from './support/fixtures';

describe('evolve is pure', () => {
  it('never changes the state it is given', () => {
    const s = showWithQuestion([q(1, 1)]);
    const before = s.world.state;
    const snapshot = JSON.stringify(views(before, s.world.as(s.moderator)));
    const beforePlays = JSON.stringify(before.plays);
    const [event] = s.world.must({ type: 'AddProposal', message: 'neu' }, s.world.as(s.anna));
    const after = evolve(before, event);
    expect(after).not.toBe(before);
    expect(JSON.stringify(views(before, s.world.as(s.moderator)))).toBe(snapshot);
    expect(JSON.stringify(before.plays)).toBe(beforePlays);
    expect(JSON.stringify(after.plays)).toContain('neu');
  });

  it('does not copy untouched teams or their proposals (structural sharing)', () => {
    const s = showWithQuestion([q(1, 1)]);
    const before = s.world.state;
    const [event] = s.world.must({ type: 'AddProposal', message: 'neu' }, s.world.as(s.anna));
    const after = evolve(before, event);
    s.world.must({ type: 'AddProposal', message: 'B' }, s.world.as(s.cleo));
    const withB = s.world.state;
    const [next] = s.world.must({ type: 'AddProposal', message: 'A2' }, s.world.as(s.anna));
    const afterA = evolve(withB, next);
    expect(afterA.plays.get(s.teamB)).toBe(withB.plays.get(s.teamB));
    expect(afterA.plays.get(s.teamA)).not.toBe(withB.plays.get(s.teamA));
    expect(afterA.teams).toBe(withB.teams);
    expect(afterA.users).toBe(withB.users);
    expect(after.plays.get(s.teamA)!.proposals.map((p) => p.message)).toEqual(['neu']);
  });

  it('replaying the log gives the same state as the live fold', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    expect(JSON.stringify(fold(s.world.log, initialState))).toBe(JSON.stringify(s.world.state));
  });

  it('counts the events it folded', () => {
    const s = showWithQuestion([q(1, 1)]);
    expect(s.world.state.version).toBe(s.world.log.length);
  });
});

describe('fold changes in place only what it made, and gives what evolve gives', () => {
  const lines = fs
    .readFileSync(path.resolve(__dirname, '..', '..', 'events', 'recordings', 'night-1.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const recorded = lines.map((line) => decodeEvent(JSON.parse(line) as EventToDecode));
  const metadata = recorded[recorded.length - 1].metadata;
  // Fields the recording does not touch after its first event: login links, and a reset that empties the night.
  const events: QuizShowEvent[] = [
    ...recorded,
    {
      type: 'LoginLinkCreated',
      version: 1,
      data: { linkId: 'link-1', userId: recorded[0].metadata.actor.userId ?? 'u' },
      metadata,
    } as QuizShowEvent,
    { type: 'LiveStateReset', version: 1, data: { endedNightId: null }, metadata },
  ];
  const byEvolve: string[] = [];
  events.reduce((state, event) => {
    const next = evolve(state, event);
    byEvolve.push(JSON.stringify(next));
    return next;
  }, initialState);

  it.each([1, 2, 7, 100, events.length])(
    'folded in batches of %i, the state after each batch is the one evolve gives',
    (size) => {
      let state = initialState;
      for (let start = 0; start < events.length; start += size) {
        const before = JSON.stringify(state);
        const next = fold(events.slice(start, start + size), state);
        expect(JSON.stringify(state)).toBe(before);
        expect(JSON.stringify(next)).toBe(byEvolve[Math.min(start + size, events.length) - 1]);
        state = next;
      }
      expect(state.night).toBeNull();
      expect(state.loginLinks.size).toBe(1);
    },
  );
});
