import type { LiveState } from '../../projections/live';
import { Presence } from '../../src/realtime/presence';
import { HealDealsMemo, inputsOf, sameInputs, viewOf } from '../../src/realtime/scopes';
import { q, showWithQuestion } from './support/fixtures';

/** The push hub recomputes a scope's view only when its inputs changed (src/realtime/scopes.ts). */
describe('scope inputs', () => {
  const teamView = (key: string, state: LiveState) => viewOf(key, state, new Presence(), new HealDealsMemo()) as { proposals: Record<string, { user: string }> };

  it('given anna proposed in her team and then joined the other team, when she renames herself, then her old team\'s view is recomputed and shows the new name', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    s.world.joinTeam(s.anna, s.teamB);
    const key = `team:${s.teamA}`;
    const before = s.world.state;
    s.world.must({ type: 'UpdateProfile', userId: s.anna, name: 'Anna Neu' }, s.world.as(s.anna));
    expect(sameInputs(inputsOf(key, before), inputsOf(key, s.world.state))).toBe(false);
    expect(Object.values(teamView(key, s.world.state).proposals).map((p) => p.user)).toEqual(['Anna Neu']);
  });

  it('given a question is open, when one team proposes, then the other team\'s and the global inputs stay the same', () => {
    const s = showWithQuestion([q(1, 1)]);
    const before = s.world.state;
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    const after = s.world.state;
    expect(sameInputs(inputsOf(`team:${s.teamB}`, before), inputsOf(`team:${s.teamB}`, after))).toBe(true);
    expect(sameInputs(inputsOf('global', before), inputsOf('global', after))).toBe(true);
    expect(sameInputs(inputsOf(`team:${s.teamA}`, before), inputsOf(`team:${s.teamA}`, after))).toBe(false);
    expect(sameInputs(inputsOf('moderator', before), inputsOf('moderator', after))).toBe(false);
  });
});
