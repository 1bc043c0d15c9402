/**
 * Command streams for property tests on the pure core: plausible commands of every area (valid and
 * invalid) and the realtime fuzzer's hostile frames (test/fuzz/hostile.ts) as the commands they parse
 * to, each with who sends it, run against the standard show of the rule tests.
 */
import fc from 'fast-check';
import { inputFromWire, type CommandInput } from '../../../src/commands';
import { hostileFrame, type Sender } from '../../fuzz/hostile';
import { VISITOR, type Actor, type World } from '../../support/world';
import { q, show, type Show } from './fixtures';

export const ALL_TYPES = [
  q(1, 1),
  q(1, 2, 'abcd'),
  q(1, 3, 'quizzle'),
  q(2, 1, 'schiffe'),
  q(2, 2, 'heal_deal'),
  q(2, 3, 'zeichnen'),
  q(3, 1, 'finale'),
  q(3, 2, 'selfie'),
  q(3, 3, 'instruction'),
];

/** Plausible commands (valid and invalid) for the standard show, from every area. */
export function commandArb(s: Show): fc.Arbitrary<CommandInput> {
  const quiz = fc.constantFrom<string | number>(s.quizId, '99', Number(s.quizId));
  const small = fc.integer({ min: 0, max: 4 });
  const message = fc.oneof(
    fc.constantFrom('A', 'b', 'Paris', '', 'Lager: A1\nPlündern: B2', 'Lager: B2\nPlündern: A1'),
    fc.string({ maxLength: 8 }),
  );
  const team = fc.constantFrom(s.teamA, s.teamB, 'nope');
  const user = fc.constantFrom(s.anna, s.bert, s.cleo, 'nope');
  const answerId = fc.constantFrom(...Array.from({ length: 120 }, (_, i) => `id-${String(i).padStart(5, '0')}`));
  return fc.oneof(
    {
      arbitrary: fc.record({
        type: fc.constant('StartQuestion' as const),
        quiz: fc.constant(s.quizId),
        round: fc.integer({ min: 1, max: 3 }),
        question: fc.integer({ min: 1, max: 3 }),
      }),
      weight: 12,
    },
    { arbitrary: fc.record({ type: fc.constant('AddProposal' as const), message }), weight: 12 },
    { arbitrary: fc.constant({ type: 'EndQuestion' as const }), weight: 4 },
    fc.record({ type: fc.constant('StartQuestion' as const), quiz, round: small, question: small }),
    fc.constant({ type: 'StartNextQuestion' as const }),
    fc.record({ type: fc.constant('HardReset' as const), quiz, round: small, question: small }),
    fc.record({ type: fc.constant('StartCountdown' as const), time: fc.integer({ min: -5, max: 90 }) }),
    fc.constant({ type: 'ExpireCountdown' as const }),
    fc.constant({ type: 'EndQuestion' as const }),
    fc.constant({ type: 'ShowInstructions' as const }),
    fc.constant({ type: 'AcceptQuizzle' as const }),
    fc.constant({ type: 'RejectQuizzle' as const }),
    fc.record({ type: fc.constant('AddProposal' as const), message }),
    fc.record({ type: fc.constant('AddTeamChat' as const), message }),
    fc.record({ type: fc.constant('DeleteProposal' as const), number: small }),
    {
      arbitrary: fc.record({ type: fc.constant('ChooseFavourite' as const), number: fc.integer({ min: 1, max: 3 }) }),
      weight: 4,
    },
    {
      arbitrary: fc.record({ type: fc.constant('ToggleStar' as const), number: fc.integer({ min: 1, max: 3 }) }),
      weight: 4,
    },
    fc.record({ type: fc.constant('OfferQuizzle' as const), number: small }),
    fc.record({ type: fc.constant('SubmitSingleAnswer' as const), message }),
    fc.record({ type: fc.constant('PostLobbyChat' as const), message }),
    fc.record({
      type: fc.constant('ChooseHealDeal' as const),
      kind: fc.constantFrom('heal' as const, 'deal' as const),
      team,
    }),
    fc.constant({ type: 'CalculateHealDeal' as const }),
    {
      arbitrary: fc.record({
        type: fc.constant('RateAnswerAbsolute' as const),
        answerId,
        value: fc.oneof(small, fc.constant('x')),
        checked: fc.boolean(),
        liked: fc.boolean(),
      }),
      weight: 4,
    },
    {
      arbitrary: fc.record({
        type: fc.constant('RateAnswerRelative' as const),
        answerId,
        change: fc.integer({ min: -2, max: 2 }),
        checked: fc.boolean(),
        liked: fc.boolean(),
      }),
      weight: 2,
    },
    fc.record({
      type: fc.constant('RegexBulkRate' as const),
      quiz,
      round: small,
      question: small,
      regex: fc.constantFrom('', 'a', '(', '.'),
      mark: fc.constantFrom('correct' as const, 'wrong' as const, 'unchecked' as const),
    }),
    fc.record({ type: fc.constant('CorrectShipQuestion' as const), quiz, round: small, question: small }),
    fc.record({
      type: fc.constant('ChangeUberMode' as const),
      modus: fc.constantFrom('quiz', 'quiz-single', 'pause', 'instruction', 'x'),
    }),
    fc.record({ type: fc.constant('SetReconnectAt' as const), recheckAt: fc.constantFrom(0, 0, 0, 5) }),
    fc.record({
      type: fc.constant('UpdateStateSetting' as const),
      path: fc.constantFrom(
        'global.allowNewRegistrations',
        'moderator.heal_deal.startHp',
        'moderator.heal_deal.damagePerRound.2',
        'x',
      ),
      value: fc.oneof(fc.boolean(), small),
    }),
    fc.record({
      type: fc.constant('JoinTeam' as const),
      id: team,
      password: fc.constantFrom('pw', '(none)'),
      passwordOk: fc.boolean(),
    }),
    fc.record({
      type: fc.constant('CreateTeam' as const),
      name: fc.constantFrom('Fusionsteam X', 'Neu', 'besserwisser', ''),
      password: fc.constant('pw'),
      stadt: fc.constant('Ort'),
      beschreibung: fc.constant('B'),
    }),
    fc.record({
      type: fc.constant('RegisterUser' as const),
      login: fc.constantFrom('anna', 'Neu', 'x'.repeat(60)),
      password: fc.constant('pw'),
    }),
    fc.record({ type: fc.constant('DeleteTeam' as const), id: team }),
    fc.record({ type: fc.constant('CreateLoginLink' as const), id: user }),
    fc.constant({ type: 'ResetLiveState' as const }),
    fc.record({ type: fc.constant('PublishPoints' as const), content: fc.oneof(fc.constant({}), fc.anything()) }),
    fc.record({
      type: fc.constant('UpdateProfile' as const),
      userId: user,
      name: fc.constantFrom('Anna B.', 'Bert', 'Cleo C.'),
    }),
    fc.record({
      type: fc.constant('SetUserRoles' as const),
      userId: fc.constantFrom(s.admin, s.moderator, s.tester, s.anna, 'nope'),
      roles: fc.constantFrom([], ['tester'], ['moderator', 'tester'], ['admin'], ['chef'], 'admin'),
    }),
  );
}

/** One command of a stream and who sends it (an index into the show's actors, any number; -1: a visitor). */
export type Step = [CommandInput, number];

/** The show the streams run against: the standard one with every question type. */
export function streamShow(): Show {
  return show(ALL_TYPES);
}

/** The show's senders, by Step index (modulo their number). */
export function actorsOf(s: Show): Actor[] {
  return [s.admin, s.moderator, s.tester, s.anna, s.bert, s.cleo].map((id) => s.world.as(id));
}

/** Runs a stream against a fresh show, three seconds apart; returns the world with the accepted events in its log. */
export function play(steps: readonly Step[]): World {
  const s = streamShow();
  for (const [command, who] of steps) {
    s.world.tick(3_000);
    const actors = actorsOf(s);
    s.world.run(command, who < 0 ? VISITOR : actors[who % actors.length]!);
  }
  return s.world;
}

const template = streamShow();

/** Streams of plausible commands. */
export const stepsArb = fc.array(fc.tuple(commandArb(template), fc.nat()), {
  minLength: 10,
  maxLength: 80,
  size: 'max',
});

/** The fuzzer's senders as the show's actors (index into actorsOf; the show has no player without a team, Cleo stands in). */
const SENDER_INDEX: Record<Sender, number> = { visitor: -1, player: 5, member: 3, tester: 2, moderator: 1, admin: 0 };

/**
 * A hostile frame of the fuzzer, aimed at the show's ids, as the command it parses to (null for
 * queries, session and malformed frames: they change nothing).
 */
function fuzzedStep(s: Show): fc.Arbitrary<Step | null> {
  const ids = { quiz: s.quizId, team: s.teamA, user: s.anna, answer: 'id-00030', bystander: s.bert };
  return hostileFrame(ids).map((frame): Step | null => {
    if (frame.family !== 'command') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(frame.raw);
    } catch {
      return null;
    }
    const content = (parsed as { content?: unknown }).content;
    if (typeof content !== 'object' || content === null || Array.isArray(content)) return null;
    const input = inputFromWire(frame.type, content as Record<string, unknown>);
    const who = SENDER_INDEX[frame.sender];
    return input && [input, who];
  });
}

/** Streams mixing plausible commands (they move the night on) with the fuzzer's hostile ones. */
export const fuzzedStepsArb = fc
  .array(fc.oneof(fc.tuple(commandArb(template), fc.nat()), fuzzedStep(template)), {
    minLength: 20,
    maxLength: 100,
    size: 'max',
  })
  .map((steps) => steps.filter((step): step is Step => step !== null));
