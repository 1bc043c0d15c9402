import { testerView, type LiveState, type TesterView } from '../../projections/live';
import { Presence } from '../../src/realtime/presence';
import { inputsOf, newViewMemos, sameInputs, viewOf } from '../../src/realtime/scopes';
import { q, showWithQuestion } from './support/fixtures';

/** The push hub recomputes a scope's view only when its inputs changed (src/realtime/scopes.ts). */
describe('scope inputs', () => {
  const teamView = (key: string, state: LiveState) => viewOf(key, state, new Presence(), newViewMemos()) as { proposals: Record<string, { user: string }> };

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

  it('given the tester view kept through a rating and a new lock-in, then it is always what a fresh computation gives', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    const memos = newViewMemos();
    const tester = (state: LiveState) => viewOf('tester', state, new Presence(), memos) as TesterView;
    w.must({ type: 'AddProposal', message: 'Goethe' }, w.as(s.anna));
    w.must({ type: 'AddProposal', message: 'Schiller' }, w.as(s.cleo));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const first = tester(w.state);
    expect(first.answers.map((a) => a.answer)).toEqual(expect.arrayContaining(['Goethe', 'Schiller']));

    const goethe = first.answers.find((a) => a.answer === 'Goethe')!;
    w.must({ type: 'RateAnswerAbsolute', answerId: goethe.id, value: 2, checked: true, liked: true }, w.as(s.tester));
    const rated = tester(w.state);
    expect(rated).toEqual(testerView(w.state));
    expect(rated.answers.find((a) => a.id === goethe.id)).toMatchObject({ points: 2, checked: true, liked: true });
    // The entry of the answer nobody rated is the very object kept from before.
    expect(rated.answers.find((a) => a.answer === 'Schiller')).toBe(first.answers.find((a) => a.answer === 'Schiller'));

    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, w.as(s.moderator));
    w.must({ type: 'AddProposal', message: 'Lessing' }, w.as(s.anna));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    expect(tester(w.state)).toEqual(testerView(w.state));
    expect(tester(w.state).answers.map((a) => a.answer)).toContain('Lessing');
  });
});
