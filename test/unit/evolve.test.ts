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
