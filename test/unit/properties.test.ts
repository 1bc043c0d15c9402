import fc from 'fast-check';
import type { QuizShowEvent } from '../../events';
import { evolve, fold, initialState, scopeDefinition, scopeKeyString, scopeView, views, type LiveState, type ScopeKey } from '../../projections/live';
import { decideInput, type CommandInput, type CommandType } from '../../src/commands';
import { MemoisedScope, sameInputs } from '../../src/realtime/scopes';
import { World, type Actor } from '../support/world';
import { q, show, type Show } from './support/fixtures';

const ALL_TYPES = [
  q(1, 1), q(1, 2, 'abcd'), q(1, 3, 'quizzle'), q(2, 1, 'schiffe'), q(2, 2, 'heal_deal'), q(2, 3, 'zeichnen'),
  q(3, 1, 'finale'), q(3, 2, 'selfie'), q(3, 3, 'instruction'),
];

/** Freezes everything reachable (maps' trie nodes and symbol-keyed fields included). */
function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key], seen);
  return Object.freeze(value);
}

function snapshot(state: LiveState): string {
  return JSON.stringify(state);
}

/** Plausible commands (valid and invalid) for the standard show, from every area. */
function commandArb(s: Show): fc.Arbitrary<CommandInput> {
  const quiz = fc.constantFrom<string | number>(s.quizId, '99', Number(s.quizId));
  const small = fc.integer({ min: 0, max: 4 });
  const message = fc.oneof(fc.constantFrom('A', 'b', 'Paris', '', 'Lager: A1\nPlündern: B2', 'Lager: B2\nPlündern: A1'), fc.string({ maxLength: 8 }));
  const team = fc.constantFrom(s.teamA, s.teamB, 'nope');
  const user = fc.constantFrom(s.anna, s.bert, s.cleo, 'nope');
  const answerId = fc.constantFrom(...Array.from({ length: 120 }, (_, i) => `id-${String(i).padStart(5, '0')}`));
  return fc.oneof(
    { arbitrary: fc.record({ type: fc.constant('StartQuestion' as const), quiz: fc.constant(s.quizId), round: fc.integer({ min: 1, max: 3 }), question: fc.integer({ min: 1, max: 3 }) }), weight: 12 },
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
    { arbitrary: fc.record({ type: fc.constant('ChooseFavourite' as const), number: fc.integer({ min: 1, max: 3 }) }), weight: 4 },
    { arbitrary: fc.record({ type: fc.constant('ToggleStar' as const), number: fc.integer({ min: 1, max: 3 }) }), weight: 4 },
    fc.record({ type: fc.constant('OfferQuizzle' as const), number: small }),
    fc.record({ type: fc.constant('SubmitSingleAnswer' as const), message }),
    fc.record({ type: fc.constant('PostLobbyChat' as const), message }),
    fc.record({ type: fc.constant('ChooseHealDeal' as const), kind: fc.constantFrom('heal' as const, 'deal' as const), team }),
    fc.constant({ type: 'CalculateHealDeal' as const }),
    { arbitrary: fc.record({ type: fc.constant('RateAnswerAbsolute' as const), answerId, value: fc.oneof(small, fc.constant('x')), checked: fc.boolean(), liked: fc.boolean() }), weight: 4 },
    { arbitrary: fc.record({ type: fc.constant('RateAnswerRelative' as const), answerId, change: fc.integer({ min: -2, max: 2 }), checked: fc.boolean(), liked: fc.boolean() }), weight: 2 },
    fc.record({ type: fc.constant('RegexBulkRate' as const), quiz, round: small, question: small, regex: fc.constantFrom('', 'a', '(', '.'), mark: fc.constantFrom('correct' as const, 'wrong' as const, 'unchecked' as const) }),
    fc.record({ type: fc.constant('CorrectShipQuestion' as const), quiz, round: small, question: small }),
    fc.record({ type: fc.constant('ChangeUberMode' as const), modus: fc.constantFrom('quiz', 'quiz-single', 'pause', 'instruction', 'x') }),
    fc.record({ type: fc.constant('SetReconnectAt' as const), recheckAt: fc.constantFrom(0, 0, 0, 5) }),
    fc.record({ type: fc.constant('UpdateStateSetting' as const), path: fc.constantFrom('global.allowNewRegistrations', 'moderator.heal_deal.startHp', 'moderator.heal_deal.damagePerRound.2', 'x'), value: fc.oneof(fc.boolean(), small) }),
    fc.record({ type: fc.constant('JoinTeam' as const), id: team, password: fc.constantFrom('pw', '(none)'), passwordOk: fc.boolean() }),
    fc.record({ type: fc.constant('CreateTeam' as const), name: fc.constantFrom('Fusionsteam X', 'Neu', 'besserwisser', ''), password: fc.constant('pw'), stadt: fc.constant('Ort'), beschreibung: fc.constant('B') }),
    fc.record({ type: fc.constant('RegisterUser' as const), login: fc.constantFrom('anna', 'Neu', 'x'.repeat(60)), password: fc.constant('pw') }),
    fc.record({ type: fc.constant('DeleteTeam' as const), id: team }),
    fc.record({ type: fc.constant('CreateLoginLink' as const), id: user }),
    fc.constant({ type: 'ResetLiveState' as const }),
    fc.record({ type: fc.constant('PublishPoints' as const), content: fc.oneof(fc.constant({}), fc.anything()) }),
    fc.record({ type: fc.constant('UpdateProfile' as const), userId: user, name: fc.constantFrom('Anna B.', 'Bert', 'Cleo C.') }),
    fc.record({ type: fc.constant('SetUserRoles' as const), userId: fc.constantFrom(s.admin, s.moderator, s.tester, s.anna, 'nope'), roles: fc.constantFrom([], ['tester'], ['moderator', 'tester'], ['admin'], ['chef'], 'admin') }),
  );
}

function actorArb(s: Show): fc.Arbitrary<Actor> {
  return fc.constantFrom(s.admin, s.moderator, s.tester, s.anna, s.bert, s.cleo).map((id) => s.world.as(id));
}

/** Runs random commands against a fresh show; returns the world with the accepted events in its log. */
function play(steps: [CommandInput, number][]): World {
  const s = show(ALL_TYPES);
  const actors = [s.admin, s.moderator, s.tester, s.anna, s.bert, s.cleo];
  for (const [command, who] of steps) {
    s.world.tick(3_000);
    s.world.run(command, s.world.as(actors[who % actors.length]));
  }
  return s.world;
}

const template = show(ALL_TYPES);
const stepsArb = fc.array(fc.tuple(commandArb(template), fc.nat()), { minLength: 10, maxLength: 80, size: 'max' });

describe('properties', () => {
  it('random command sequences never throw, and a rejected command yields no events and changes nothing', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      const s = show(ALL_TYPES);
      const actors = [s.admin, s.moderator, s.tester, s.anna, s.bert, s.cleo];
      for (const [command, who] of steps) {
        const before = s.world.state;
        const text = snapshot(before);
        const decision = decideInput(before, command, s.world.context(s.world.as(actors[who % actors.length])));
        expect(snapshot(before)).toBe(text);
        if (!decision.ok) {
          expect(decision).not.toHaveProperty('events');
          expect(typeof decision.message).toBe('string');
          expect(decision.message.length).toBeGreaterThan(0);
        } else {
          s.world.append(decision.events, decision.stream);
        }
      }
    }), { numRuns: 60 });
  });

  it('garbage commands never throw', () => {
    const types = Object.keys({
      RegisterUser: 1, UpdateProfile: 1, MarkEmailPopupSeen: 1, CreateLoginLink: 1, SetUserRoles: 1, BlockUser: 1, RevokeTokens: 1, ResetPassword: 1, EraseUser: 1, CreateTeam: 1, CreateQrTeam: 1,
      JoinTeam: 1, JoinTeamByInvite: 1, CreateTeamInvite: 1, CreateTeamInviteAsAdmin: 1, EditTeam: 1, DeleteTeam: 1, CreateQuiz: 1,
      EditQuiz: 1, ImportQuiz: 1, AddTieBreakQuestion: 1, StartQuestion: 1, StartNextQuestion: 1, HardReset: 1, StartCountdown: 1,
      ExpireCountdown: 1, EndQuestion: 1, ShowInstructions: 1, AcceptQuizzle: 1, RejectQuizzle: 1,
      AddProposal: 1, AddTeamChat: 1, DeleteProposal: 1, ChooseFavourite: 1, ToggleStar: 1, OfferQuizzle: 1,
      SubmitSingleAnswer: 1, PostLobbyChat: 1, SaveDrawing: 1, ChooseHealDeal: 1, CalculateHealDeal: 1, RateAnswerRelative: 1, RateAnswerAbsolute: 1,
      StartChecking: 1, RegexBulkRate: 1, CorrectShipQuestion: 1, SetOverviewMessage: 1, SetFeatureFlags: 1, SetReconnectAt: 1,
      ResetLiveState: 1, UpdateStateSetting: 1, ChangeUberMode: 1, SetUberMessage: 1, DrawStroke: 1, ClearPainting: 1,
      PublishPoints: 1, ChangeShowSettings: 1, CreateOverlayLink: 1, RevokeOverlayLink: 1, RecordUpload: 1, SubmitGreeting: 1,
      HideLobbyChatMessage: 1, HideGreeting: 1, MuteUser: 1, RemoveTeamMember: 1, SetLobbySlowMode: 1, SetLobbyChatOpen: 1, Unknown: 1,
    } satisfies Record<CommandType | 'Unknown', 1>);
    const s = show(ALL_TYPES);
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    const fieldNames = ['message', 'number', 'quiz', 'round', 'question', 'id', 'name', 'content', 'files', 'kind', 'team', 'value', 'path', 'rounds', 'modus', 'time', 'login', 'password', 'userId', 'quizId', 'answerId', 'regex', 'folder', 'amount', 'extra_info', 'strokes',
      'streamChannel', 'newsletterUrl', 'socialLinks', 'nextDates', 'qrHostName', 'newsletterPopup', 'showName', 'logo', 'primaryColor', 'overlay', 'linkId', 'roles', 'consoleAccount', 'messageId', 'greetingId', 'minutes', 'teamId', 'blocked', 'newPassword'];
    const garbage = fc.record({ type: fc.constantFrom(...types) }).chain((base) =>
      fc.dictionary(fc.constantFrom(...fieldNames), fc.anything({ maxDepth: 2 }), { maxKeys: 6 }).map((fields) => ({ ...fields, ...base })));
    fc.assert(fc.property(garbage, actorArb(s), (command, actor) => {
      expect(() => decideInput(s.world.state, command as unknown as CommandInput, s.world.context(actor))).not.toThrow();
    }), { numRuns: 500 });
  });

  it('folding is deterministic', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      const log = play(steps).log;
      expect(snapshot(fold(log, initialState))).toBe(snapshot(fold(log, initialState)));
    }), { numRuns: 30 });
  });

  it('fold(a ++ b) equals folding b onto fold(a)', () => {
    fc.assert(fc.property(stepsArb, fc.nat(), (steps, cut) => {
      const log: QuizShowEvent[] = play(steps).log;
      const at = cut % (log.length + 1);
      const a = log.slice(0, at);
      const b = log.slice(at);
      expect(snapshot(fold(b, fold(a, initialState)))).toBe(snapshot(fold([...a, ...b], initialState)));
    }), { numRuns: 30 });
  });

  it('fold (in place inside a batch) gives what evolve gives event by event, and never changes its input', () => {
    fc.assert(fc.property(stepsArb, fc.nat(), (steps, cut) => {
      const log: QuizShowEvent[] = play(steps).log;
      const at = cut % (log.length + 1);
      const before = deepFreeze(fold(log.slice(0, at), initialState));
      const rest = deepFreeze(log.slice(at));
      const snapshotBefore = snapshot(before);
      const folded = fold(rest, before); // a write to anything frozen throws here
      expect(snapshot(folded)).toBe(snapshot(rest.reduce(evolve, before)));
      expect(snapshot(before)).toBe(snapshotBefore);
    }), { numRuns: 40 });
  });

  it('a scope whose inputs stayed the same has the same view (the push hub skips it), and what the hub keeps between views (heal-and-deal part, tester answer entries) is never stale', () => {
    const offline = () => false;
    fc.assert(fc.property(stepsArb, (steps) => {
      const world = play(steps);
      const memos = new Map<string, MemoisedScope>();
      const keys = (state: LiveState): ScopeKey[] => [{ scope: 'global' }, { scope: 'moderator' }, { scope: 'tester' },
        ...state.users.values().map((u): ScopeKey => ({ scope: 'user', userId: u.id })), ...state.teams.values().map((t): ScopeKey => ({ scope: 'team', teamId: t.id }))];
      const viewJson = (key: ScopeKey, state: LiveState) => JSON.stringify(scopeView(state, key));
      const inputs = (key: ScopeKey, state: LiveState) => scopeDefinition(key).inputs(state, key, offline);
      let previous = initialState;
      for (const event of world.log) {
        const next = evolve(previous, event);
        for (const key of keys(next)) {
          const expected = viewJson(key, next);
          const id = scopeKeyString(key);
          if (!memos.has(id)) memos.set(id, new MemoisedScope(key, offline));
          memos.get(id)!.update(next);
          expect(JSON.stringify(memos.get(id)!.view)).toBe(expected);
          if (sameInputs(inputs(key, previous), inputs(key, next))) expect([id, event.type, viewJson(key, previous)]).toEqual([id, event.type, expected]);
        }
        previous = next;
      }
    }), { numRuns: 25 });
  });

  it('the random games really play: questions start, proposals are starred and chosen, answers are locked in', () => {
    const seen = new Set<string>();
    for (const steps of fc.sample(stepsArb, { numRuns: 200, seed: 7 })) play(steps).log.forEach((e) => seen.add(e.type));
    const wanted = ['QuestionStarted', 'ProposalAdded', 'StarToggled', 'FavoriteChosen', 'AnswersLockedIn', 'CountdownStarted'];
    expect(wanted.filter((type) => !seen.has(type))).toEqual([]);
  });

  it('views can be computed for every viewer at every step', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      const world = play(steps);
      let state = initialState;
      for (const event of world.log) {
        state = evolve(state, event);
        for (const viewer of [{ userId: null, roles: [] }, ...[...world.state.users.values()].map((u) => ({ userId: u.id, roles: [...u.roles] }))]) {
          expect(() => views(state, viewer)).not.toThrow();
        }
      }
    }), { numRuns: 10 });
  });
});
