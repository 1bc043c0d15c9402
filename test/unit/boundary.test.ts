/**
 * Consistency boundaries (ARCHITECTURE.md rules 6 and 9): a rule may read only the streams its table
 * entry declares. Checked for every command a world ran: deciding it against a state folded from the
 * events of its boundary's streams alone must give exactly the decision it got against the whole
 * state. A rule that reads anything else (another stream's fact) decides differently somewhere in
 * these nights, and the test names the command.
 */
import { fold, initialState, isMaintenance, type LiveState } from '../../projections/live';
import fc from 'fast-check';
import {
  admit,
  appendConditionOf,
  boundaryOf,
  decide,
  inputFromWire,
  isRejection,
  type Boundary,
  type CommandInput,
  type Decision,
} from '../../src/commands';
import { conditionMatches } from '../../src/store/event-store';
import { recordNight } from '../support/recorded-night';
import { VISITOR, type World } from '../support/world';
import { hostileFrame, type FuzzFrame, type Sender, type WorldIds } from '../fuzz/hostile';
import { q, show, showWithQuestion } from './support/fixtures';

type Step = World['history'][number];

/** The boundary the table declares for a step's command, or null when the edge refused it (it read nothing). */
function boundaryOfStep(step: Step): Boundary | null {
  const command = admit(step.state, step.input, step.ctx.actor);
  if (isRejection(command)) return null;
  return boundaryOf(step.state, command, step.ctx.actor.userId);
}

/** The state folded from the events the boundary names (as the store's append condition matches them) alone. */
function onlyBoundary(world: World, step: Step, boundary: Boundary): LiveState {
  const condition = appendConditionOf(boundary, 0);
  const events = world.log
    .slice(0, step.logLength)
    .filter((event, i) => conditionMatches(condition, world.streamLog[i]!, event));
  return fold(events, initialState);
}

function decideAgain(step: Step, state: LiveState): Decision {
  const ids = [...step.ids];
  const command = admit(state, step.input, step.ctx.actor);
  if (isRejection(command)) return command;
  return decide(state, command, { ...step.ctx, newId: () => ids.shift() ?? 'extra-id' });
}

/** Every command of the world whose decision changes when only its boundary's streams are folded. */
function outsideTheirBoundary(world: World): string[] {
  const found: string[] = [];
  for (const step of world.history) {
    const boundary = boundaryOfStep(step);
    if (!boundary) continue;
    const alone = decideAgain(step, onlyBoundary(world, step, boundary));
    if (JSON.stringify(alone) !== JSON.stringify(step.decision)) {
      found.push(
        `${step.input.type} (boundary ${JSON.stringify(boundary).slice(0, 200)}): ${JSON.stringify(step.decision).slice(0, 120)} / alone: ${JSON.stringify(alone).slice(0, 120)}`,
      );
    }
  }
  return found;
}

/**
 * The fuzz target's world (test/fuzz/target.ts): a quiz of four questions, a team with a member, a
 * player without one, a tester, a moderator, an admin; a proposal to question 1, question 2 open.
 */
function fuzzWorld(): { world: World; ids: WorldIds; actors: Record<Sender, string | null> } {
  const s = showWithQuestion([q(1, 1), q(1, 2), q(2, 1), q(2, 2)]);
  const { world } = s;
  const tester = world.addUser('kontrolleur', ['tester']);
  const player = world.player('spieler');
  const bystander = world.player('zuschauer');
  world.run({ type: 'AddProposal', message: 'Antwort' }, world.as(s.anna));
  world.must({ type: 'EndQuestion' }, world.as(s.moderator));
  world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, world.as(s.moderator));
  const ids: WorldIds = { quiz: s.quizId, team: s.teamA, user: player, answer: 'answer-1', bystander };
  return {
    world,
    ids,
    actors: { visitor: null, player, member: s.anna, tester, moderator: s.moderator, admin: s.admin },
  };
}

/** A fuzz frame as the realtime gateway turns it into a command input, or null when it is none (not JSON, a query). */
function commandOfFrame(frame: FuzzFrame, joinsWithPassword: boolean): CommandInput | null {
  if (frame.family !== 'command') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.raw);
  } catch {
    return null;
  }
  const { type, content } = parsed as { type: string; content?: unknown };
  const fields =
    typeof content === 'object' && content !== null && !Array.isArray(content)
      ? (content as Record<string, unknown>)
      : {};
  return inputFromWire(type, fields, { passwordOk: joinsWithPassword });
}

describe('consistency boundaries', () => {
  it("every command of the recorded night decides the same on its boundary's streams alone", () => {
    const night = recordNight();
    expect(night.world.history.length).toBeGreaterThan(500);
    expect(outsideTheirBoundary(night.world)).toEqual([]);
  });

  it('the cross-stream invariants of the game flow decide the same on their boundaries alone', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2), q(2, 1, 'heal_deal')]);
    const { world } = s;
    const mod = world.as(s.moderator);
    world.run({ type: 'ChangeUberMode', modus: 'pause' }, mod); // refused: a question is open (night stream)
    world.run({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, mod); // refused: one is open
    world.run({ type: 'AddProposal', message: 'Antwort' }, world.as(s.anna));
    world.run({ type: 'ChooseFavourite', number: 1 }, world.as(s.bert));
    world.run({ type: 'StartCountdown', time: 10 }, mod);
    world.tick(11_000);
    world.run({ type: 'ExpireCountdown' }, VISITOR);
    world.run({ type: 'EndQuestion' }, mod); // refused: nothing open any more
    world.run({ type: 'ChangeUberMode', modus: 'quiz-single' }, mod);
    world.run({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, mod);
    world.run({ type: 'SubmitSingleAnswer', message: 'Solo' }, world.as(s.cleo));
    world.run({ type: 'EndQuestion' }, mod);
    world.run({ type: 'ChangeUberMode', modus: 'quiz' }, mod);
    world.run({ type: 'SetReconnectAt', recheckAt: world.now + 1000 }, world.as(s.admin));
    world.run({ type: 'AddProposal', message: 'in der Wartung' }, world.as(s.anna));
    world.run({ type: 'SetReconnectAt', recheckAt: 0 }, world.as(s.admin));
    world.run({ type: 'StartQuestion', quiz: s.quizId, round: 2, question: 1 }, mod);
    world.run({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, world.as(s.anna));
    world.run({ type: 'ResetLiveState' }, world.as(s.admin));
    world.run({ type: 'AddProposal', message: 'nach dem Reset' }, world.as(s.anna));
    expect(world.history.filter((h) => !h.decision.ok).length).toBeGreaterThan(3);
    expect(outsideTheirBoundary(world)).toEqual([]);
  });

  it('membership is a fact of every team stream: a member who moved on decides the same alone', () => {
    const s = show();
    const { world } = s;
    world.joinTeam(s.bert, s.teamB); // Bert leaves team A by joining B (written to team B's stream)
    world.run({ type: 'EditTeam', url: '', stadt: 'Bonn', beschreibung: 'neu' }, world.as(s.bert));
    world.run({ type: 'CreateTeamInvite' }, world.as(s.bert));
    world.run({ type: 'AddTeamChat', message: 'Hallo B' }, world.as(s.bert));
    expect(outsideTheirBoundary(world)).toEqual([]);
  });

  it("a team's short number is a fact of its own stream: joins and creations by number decide the same alone", () => {
    const s = show();
    const { world } = s;
    const dora = world.player('dora');
    world.run({ type: 'JoinTeam', id: '2', password: 'pw-team', passwordOk: true }, world.as(dora));
    world.run({ type: 'JoinTeam', id: '#1', password: 'falsch', passwordOk: false }, world.as(dora));
    world.run({ type: 'JoinTeam', id: '9', password: 'pw-team', passwordOk: true }, world.as(dora));
    world.run({ type: 'DeleteTeam', id: s.teamA }, world.as(s.admin));
    world.run(
      { type: 'CreateTeam', name: 'Nachzügler', password: 'pw-team', stadt: 'Köln', beschreibung: 'spät' },
      world.as(s.bert),
    );
    world.run({ type: 'JoinTeam', id: '3', password: 'pw-team', passwordOk: true }, world.as(s.anna));
    world.run({ type: 'JoinTeam', id: '1', password: 'pw-team', passwordOk: true }, world.as(s.anna));
    expect(world.history.filter((h) => h.decision.ok).length).toBeGreaterThan(3);
    expect(outsideTheirBoundary(world)).toEqual([]);
  });

  it('role changes read every user (the show keeps an admin): granted, refused for the last admin, decided the same alone', () => {
    const s = show();
    const { world } = s;
    const second = world.addUser('zweite', ['admin']);
    world.run({ type: 'SetUserRoles', userId: s.anna, roles: ['tester'] }, world.as(s.admin));
    world.run({ type: 'SetUserRoles', userId: second, roles: [] }, world.as(s.admin));
    world.run({ type: 'SetUserRoles', userId: s.admin, roles: ['moderator'] }, world.as(s.admin)); // refused: the last admin
    world.run({ type: 'SetUserRoles', userId: s.anna, roles: ['tester'] }, world.as(s.admin)); // the same again: nothing
    expect(world.history.filter((h) => !h.decision.ok)).toHaveLength(1);
    expect(outsideTheirBoundary(world)).toEqual([]);
  });
  it("PATCH /api/users/:id's rules (own profile with the current password's verdict, an admin's reset) decide the same on their boundaries alone", () => {
    const s = show();
    const { world } = s;
    const change = (userId: string, fields: Record<string, unknown>) => ({
      type: 'UpdateProfile' as const,
      userId,
      name: 'Anna Neu',
      newPassword: 'neu-pw',
      newPasswordRepeat: 'neu-pw',
      ...fields,
    });
    world.run(change(s.anna, { currentPasswordOk: false }), world.as(s.anna)); // refused: the current password did not check out
    world.run(change(s.anna, { currentPasswordOk: true }), world.as(s.anna));
    world.run(change(s.bert, { currentPasswordOk: true }), world.as(s.anna)); // refused: another's profile
    world.run({ type: 'ResetPassword', userId: s.bert, newPassword: 'neu-pw', name: 'Bertram' }, world.as(s.admin)); // refused: only the password
    world.run({ type: 'ResetPassword', userId: s.bert, newPassword: 'kurz' }, world.as(s.admin));
    world.run({ type: 'ResetPassword', userId: s.moderator, newPassword: 'kurz' }, world.as(s.admin)); // refused: an operator's needs 8
    world.run({ type: 'ResetPassword', userId: s.bert, newPassword: 'neu-pw' }, world.as(s.anna)); // refused: admins only
    expect(world.history.filter((h) => !h.decision.ok).length).toBeGreaterThan(4);
    expect(outsideTheirBoundary(world)).toEqual([]);
  });

  it('every command the fuzzer sends decides the same on its boundary alone', () => {
    const { world, ids, actors } = fuzzWorld();
    const frames = fc.sample(hostileFrame(ids), { numRuns: 4000, seed: 27 });
    let commands = 0;
    frames.forEach((frame, i) => {
      const input = commandOfFrame(frame, i % 2 === 0);
      if (!input) return;
      const userId = actors[frame.sender];
      world.run(input, userId === null ? VISITOR : world.as(userId));
      commands++;
      // Maintenance refuses everything else: the admin ends it at once, so that the frames reach the rules.
      if (isMaintenance(world.state)) world.run({ type: 'SetReconnectAt', recheckAt: 0 }, world.as(actors.admin!));
    });
    expect(commands).toBeGreaterThan(2000);
    expect(world.history.filter((h) => h.decision.ok && h.decision.events.length > 0).length).toBeGreaterThan(50);
    expect(outsideTheirBoundary(world)).toEqual([]);
  });

  it("a proposal's boundary holds its own team's answers and the night's phase, not another team's answers", () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const { world } = s;
    const decision = world.run({ type: 'AddProposal', message: 'Antwort' }, world.as(s.anna));
    if (!decision.ok) throw new Error(decision.message);
    const condition = appendConditionOf(decision.boundary, 0);
    const night = decision.stream;
    const proposal = (teamId: string) => ({
      type: 'ProposalAdded',
      data: { teamId, key: 2, userId: 'x', message: 'm', chat: false },
    });
    expect(conditionMatches(condition, night, proposal(s.teamA))).toBe(true);
    expect(conditionMatches(condition, night, proposal(s.teamB))).toBe(false);
    expect(
      conditionMatches(condition, night, { type: 'StarToggled', data: { teamId: s.teamB, userId: 'x', key: 1 } }),
    ).toBe(false);
    expect(conditionMatches(condition, night, { type: 'QuestionEnded', data: {} })).toBe(true);
    expect(conditionMatches(condition, 'show', { type: 'MaintenanceStarted', data: { recheckAt: 1 } })).toBe(true);
    expect(conditionMatches(condition, 'show', { type: 'PaintingStrokeDrawn', data: {} })).toBe(false);
    expect(conditionMatches(condition, 'show', { type: 'LiveStateReset', data: {} })).toBe(true);
    expect(conditionMatches(condition, `team-${s.teamB}`, { type: 'TeamEdited', data: { teamId: s.teamB } })).toBe(
      false,
    );
    expect(
      conditionMatches(condition, `team-${s.teamB}`, { type: 'TeamJoined', data: { teamId: s.teamB, userId: 'x' } }),
    ).toBe(true);
  });
});
