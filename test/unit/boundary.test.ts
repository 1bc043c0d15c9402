/**
 * Consistency boundaries (ARCHITECTURE.md rules 6 and 9): a rule may read only the streams its table
 * entry declares. Checked for every command a world ran: deciding it against a state folded from the
 * events of its boundary's streams alone must give exactly the decision it got against the whole
 * state. A rule that reads anything else (another stream's fact) decides differently somewhere in
 * these nights, and the test names the command.
 */
import { fold, initialState, type LiveState } from '../../projections/live';
import { admit, decide, entryOf, isRejection, type Decision } from '../../src/commands';
import { streamMatches } from '../../src/store/event-store';
import { recordNight } from '../support/recorded-night';
import { VISITOR, type World } from '../support/world';
import { q, show, showWithQuestion } from './support/fixtures';

type Step = World['history'][number];

/** The boundary the table declares for a step's command, or null when the edge refused it (it read no stream). */
function boundaryOf(step: Step): readonly string[] | null {
  const command = admit(step.state, step.input, step.ctx.actor);
  if (isRejection(command)) return null;
  return ['show', ...entryOf(command.type).boundary(command as never, step.state, step.ctx.actor.userId)];
}

function onlyBoundary(world: World, step: Step, boundary: readonly string[]): LiveState {
  const events = world.log.slice(0, step.logLength).filter((_, i) => streamMatches(boundary, world.streamLog[i]!));
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
    const boundary = boundaryOf(step);
    if (!boundary) continue;
    const alone = decideAgain(step, onlyBoundary(world, step, boundary));
    if (JSON.stringify(alone) !== JSON.stringify(step.decision)) {
      found.push(`${step.input.type} (boundary ${boundary.join(', ')}): ${JSON.stringify(step.decision).slice(0, 120)} / alone: ${JSON.stringify(alone).slice(0, 120)}`);
    }
  }
  return found;
}

describe('consistency boundaries', () => {
  it('every command of the recorded night decides the same on its boundary\'s streams alone', () => {
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

  it('a team\'s short number is a fact of its own stream: joins and creations by number decide the same alone', () => {
    const s = show();
    const { world } = s;
    const dora = world.player('dora');
    world.run({ type: 'JoinTeam', id: '2', password: 'pw', passwordOk: true }, world.as(dora));
    world.run({ type: 'JoinTeam', id: '#1', password: 'falsch', passwordOk: false }, world.as(dora));
    world.run({ type: 'JoinTeam', id: '9', password: 'pw', passwordOk: true }, world.as(dora));
    world.run({ type: 'DeleteTeam', id: s.teamA }, world.as(s.admin));
    world.run({ type: 'CreateTeam', name: 'Nachzügler', password: 'pw', stadt: 'Köln', beschreibung: 'spät' }, world.as(s.bert));
    world.run({ type: 'JoinTeam', id: '3', password: 'pw', passwordOk: true }, world.as(s.anna));
    world.run({ type: 'JoinTeam', id: '1', password: 'pw', passwordOk: true }, world.as(s.anna));
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
});
