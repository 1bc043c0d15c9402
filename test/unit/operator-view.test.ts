import {
  keptOperatorView,
  operatorView,
  scopeView,
  testerView,
  views,
  type KeptOperatorView,
  type LiveState,
  type OperatorView,
} from '../../projections/live';
import { MemoisedScope } from '../../src/realtime/scopes';
import { VISITOR } from '../support/world';
import { q, show, showWithQuestion } from './support/fixtures';

const offline = () => false;

/** The operator scope as the server keeps it: recomputed on changed inputs, its view kept between states. */
function operatorMemo() {
  const memo = new MemoisedScope({ scope: 'operator' }, offline);
  return (state: LiveState) => {
    memo.update(state);
    return memo.view as OperatorView;
  };
}

describe('the operator view', () => {
  it('lists every team with its number and every user with login and roles, by id', () => {
    const s = show();
    const view = operatorView(s.world.state);
    expect(view.teams).toEqual({
      [s.teamA]: { id: s.teamA, number: 1, name: 'Die Ahnungslosen' },
      [s.teamB]: { id: s.teamB, number: 2, name: 'Besserwisser' },
    });
    expect(view.users[s.anna]).toEqual({ id: s.anna, name: 'anna', login: 'anna', roles: [] });
    expect(view.users[s.admin]).toEqual({ id: s.admin, name: 'admin', login: 'admin', roles: ['admin', 'moderator'] });
    expect(Object.keys(view.users)).toHaveLength(6);
    expect(JSON.stringify(view)).not.toMatch(/email|password/i);
  });

  it('keys teams and users in the order of their lower-cased names, so the screens find them nearly sorted', () => {
    const s = show();
    const view = operatorView(s.world.state);
    const names = (entries: Record<string, { name: string }>) =>
      Object.values(entries).map((e) => e.name.toLowerCase());
    expect(names(view.teams)).toEqual(['besserwisser', 'die ahnungslosen']);
    expect(names(view.users)).toEqual([...names(view.users)].sort());
    expect(names(view.users)).toHaveLength(6);
  });

  it('goes to admins, moderators and testers, never to players or visitors', () => {
    const s = show();
    const state = s.world.state;
    for (const id of [s.admin, s.moderator, s.tester])
      expect(views(state, s.world.as(id)).operator).toEqual(operatorView(state));
    expect(views(state, { userId: s.world.addUser('nur-admin', ['admin']), roles: ['admin'] }).operator).toBeDefined();
    expect(views(state, s.world.as(s.anna)).operator).toBeUndefined();
    expect(views(state, VISITOR).operator).toBeUndefined();
  });

  it('given the kept view, when players join teams, propose, answer alone and are rated, then it stays the very same object (nothing to push)', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    const operator = operatorMemo();
    const first = operator(w.state);
    const dora = w.player('dora');
    const registered = operator(w.state);
    expect(registered).not.toBe(first);

    w.joinTeam(dora, s.teamB);
    w.joinTeam(s.bert, s.teamB);
    w.must({ type: 'AddProposal', message: 'Paris' }, w.as(s.anna));
    w.must({ type: 'ChooseFavourite', number: 1 }, w.as(s.anna));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const paris = testerView(w.state).answers.find((a) => a.answer === 'Paris')!;
    w.must({ type: 'RateAnswerAbsolute', answerId: paris.id, value: 2, checked: true, liked: false }, w.as(s.tester));
    w.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, w.as(s.moderator));
    w.must({ type: 'SubmitSingleAnswer', message: 'Solo' }, w.as(dora));
    expect(operator(w.state)).toBe(registered);
    expect(operator(w.state)).toEqual(operatorView(w.state));
  });

  it('given the kept view, when teams and users are created, renamed or deleted, then it equals a fresh computation and keeps the untouched entries', () => {
    const s = show();
    const w = s.world;
    const operator = operatorMemo();
    const before = operator(w.state);

    const dora = w.playerWithTeam('dora', 'Spätzünder');
    let view = operator(w.state);
    expect(view).toEqual(operatorView(w.state));
    expect(view.teams[dora.teamId]).toEqual({ id: dora.teamId, number: 3, name: 'Spätzünder' });
    expect(view.users[dora.userId]).toEqual({ id: dora.userId, name: 'dora', login: 'dora', roles: [] });
    expect(view.teams[s.teamA]).toBe(before.teams[s.teamA]);
    expect(view.users[s.anna]).toBe(before.users[s.anna]);

    w.must({ type: 'UpdateProfile', userId: s.anna, name: 'Anna Neu' }, w.as(s.anna));
    view = operator(w.state);
    expect(view.users[s.anna].name).toBe('Anna Neu');
    expect(view).toEqual(operatorView(w.state));

    w.must({ type: 'DeleteTeam', id: s.teamB }, w.as(s.admin));
    view = operator(w.state);
    expect(Object.keys(view.teams).sort()).toEqual([s.teamA, dora.teamId].sort());
    expect(view).toEqual(operatorView(w.state));
    expect(scopeView(w.state, { scope: 'operator' })).toEqual(view);
  });

  it("given the kept view, when a user's roles change in the live state (the users' roles, whatever event set them), then it shows the new roles", () => {
    const s = show();
    const kept: KeptOperatorView = keptOperatorView(s.world.state, undefined);
    const anna = s.world.state.users.get(s.anna)!;
    const promoted: LiveState = {
      ...s.world.state,
      users: s.world.state.users.set(s.anna, { ...anna, roles: ['tester'] }),
    };
    const next = keptOperatorView(promoted, kept);
    expect(next.value.users[s.anna].roles).toEqual(['tester']);
    expect(next.value.teams).toBe(kept.value.teams);
    expect(next.value).toEqual(operatorView(promoted));
  });
});
