import fc from 'fast-check';
import type { QuizShowEvent } from '../../events';
import {
  evolve,
  fold,
  initialState,
  readInputs,
  sameInputs,
  scopeDefinition,
  scopeKeyString,
  scopeView,
  views,
  type LiveState,
  type ScopeKey,
} from '../../projections/live';
import { decideInput, type CommandInput, type CommandType } from '../../src/commands';
import { MemoisedScope } from '../../src/realtime/scopes';
import type { Actor } from '../support/world';
import { ALL_TYPES, play, stepsArb } from './support/command-streams';
import { show, type Show } from './support/fixtures';

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

function actorArb(s: Show): fc.Arbitrary<Actor> {
  return fc.constantFrom(s.admin, s.moderator, s.tester, s.anna, s.bert, s.cleo).map((id) => s.world.as(id));
}

describe('properties', () => {
  it('random command sequences never throw, and a rejected command yields no events and changes nothing', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
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
      }),
      { numRuns: 60 },
    );
  });

  it('garbage commands never throw', () => {
    const types = Object.keys({
      RegisterUser: 1,
      UpdateProfile: 1,
      MarkEmailPopupSeen: 1,
      CreateLoginLink: 1,
      RegisterFirstAdmin: 1,
      SetUserRoles: 1,
      BlockUser: 1,
      RevokeTokens: 1,
      ResetPassword: 1,
      EraseUser: 1,
      CreateTeam: 1,
      CreateQrTeam: 1,
      JoinTeam: 1,
      JoinTeamByInvite: 1,
      CreateTeamInvite: 1,
      CreateTeamInviteAsAdmin: 1,
      EditTeam: 1,
      DeleteTeam: 1,
      CreateQuiz: 1,
      EditQuiz: 1,
      ImportQuiz: 1,
      AddTieBreakQuestion: 1,
      StartQuestion: 1,
      StartNextQuestion: 1,
      HardReset: 1,
      StartCountdown: 1,
      ExpireCountdown: 1,
      EndQuestion: 1,
      ShowInstructions: 1,
      AcceptQuizzle: 1,
      RejectQuizzle: 1,
      AddProposal: 1,
      AddTeamChat: 1,
      DeleteProposal: 1,
      ChooseFavourite: 1,
      ToggleStar: 1,
      OfferQuizzle: 1,
      SubmitSingleAnswer: 1,
      PostLobbyChat: 1,
      SaveDrawing: 1,
      ChooseHealDeal: 1,
      CalculateHealDeal: 1,
      RateAnswerRelative: 1,
      RateAnswerAbsolute: 1,
      StartChecking: 1,
      RegexBulkRate: 1,
      CorrectShipQuestion: 1,
      SetOverviewMessage: 1,
      SetFeatureFlags: 1,
      SetReconnectAt: 1,
      ResetLiveState: 1,
      UpdateStateSetting: 1,
      ChangeUberMode: 1,
      SetUberMessage: 1,
      DrawStroke: 1,
      ClearPainting: 1,
      PublishPoints: 1,
      ChangeShowSettings: 1,
      CreateOverlayLink: 1,
      RevokeOverlayLink: 1,
      RecordUpload: 1,
      SubmitGreeting: 1,
      HideLobbyChatMessage: 1,
      HideGreeting: 1,
      MuteUser: 1,
      RemoveTeamMember: 1,
      ChangeTeamPassword: 1,
      EndTeamInvites: 1,
      LeaveTeam: 1,
      RemoveTeamMate: 1,
      SetLobbySlowMode: 1,
      SetLobbyChatOpen: 1,
      RenameTeam: 1,
      RenameUser: 1,
      ClearTeamLogo: 1,
      HidePicture: 1,
      RequestPasswordReset: 1,
      CreatePasswordResetLink: 1,
      ConfirmPasswordReset: 1,
      ChangeEmail: 1,
      Unknown: 1,
    } satisfies Record<CommandType | 'Unknown', 1>);
    const s = show(ALL_TYPES);
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    const fieldNames = [
      'message',
      'number',
      'quiz',
      'round',
      'question',
      'id',
      'name',
      'content',
      'files',
      'kind',
      'team',
      'value',
      'path',
      'rounds',
      'modus',
      'time',
      'login',
      'password',
      'userId',
      'quizId',
      'answerId',
      'regex',
      'folder',
      'amount',
      'extra_info',
      'strokes',
      'streamChannel',
      'newsletterUrl',
      'socialLinks',
      'nextDates',
      'qrHostName',
      'newsletterPopup',
      'showName',
      'logo',
      'primaryColor',
      'overlay',
      'linkId',
      'roles',
      'consoleAccount',
      'messageId',
      'greetingId',
      'minutes',
      'teamId',
      'blocked',
      'newPassword',
    ];
    const garbage = fc
      .record({ type: fc.constantFrom(...types) })
      .chain((base) =>
        fc
          .dictionary(fc.constantFrom(...fieldNames), fc.anything({ maxDepth: 2 }), { maxKeys: 6 })
          .map((fields) => ({ ...fields, ...base })),
      );
    fc.assert(
      fc.property(garbage, actorArb(s), (command, actor) => {
        expect(() =>
          decideInput(s.world.state, command as unknown as CommandInput, s.world.context(actor)),
        ).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('folding is deterministic', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const log = play(steps).log;
        expect(snapshot(fold(log, initialState))).toBe(snapshot(fold(log, initialState)));
      }),
      { numRuns: 30 },
    );
  });

  it('fold(a ++ b) equals folding b onto fold(a)', () => {
    fc.assert(
      fc.property(stepsArb, fc.nat(), (steps, cut) => {
        const log: QuizShowEvent[] = play(steps).log;
        const at = cut % (log.length + 1);
        const a = log.slice(0, at);
        const b = log.slice(at);
        expect(snapshot(fold(b, fold(a, initialState)))).toBe(snapshot(fold([...a, ...b], initialState)));
      }),
      { numRuns: 30 },
    );
  });

  it('fold (in place inside a batch) gives what evolve gives event by event, and never changes its input', () => {
    fc.assert(
      fc.property(stepsArb, fc.nat(), (steps, cut) => {
        const log: QuizShowEvent[] = play(steps).log;
        const at = cut % (log.length + 1);
        const before = deepFreeze(fold(log.slice(0, at), initialState));
        const rest = deepFreeze(log.slice(at));
        const snapshotBefore = snapshot(before);
        const folded = fold(rest, before); // a write to anything frozen throws here
        expect(snapshot(folded)).toBe(snapshot(rest.reduce(evolve, before)));
        expect(snapshot(before)).toBe(snapshotBefore);
      }),
      { numRuns: 40 },
    );
  });

  it('a scope whose inputs stayed the same has the same view (the push hub skips it), and what the hub keeps between views (heal-and-deal part, tester answer entries) is never stale', () => {
    const offline = () => false;
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const world = play(steps);
        const memos = new Map<string, MemoisedScope>();
        const keys = (state: LiveState): ScopeKey[] => [
          { scope: 'global' },
          { scope: 'moderator' },
          { scope: 'tester' },
          ...state.users.values().map((u): ScopeKey => ({ scope: 'user', userId: u.id })),
          ...state.teams.values().map((t): ScopeKey => ({ scope: 'team', teamId: t.id })),
        ];
        const viewJson = (key: ScopeKey, state: LiveState) => JSON.stringify(scopeView(state, key));
        const inputs = (key: ScopeKey, state: LiveState) => readInputs(scopeDefinition(key).reads, state, key, offline);
        let previous = initialState;
        for (const event of world.log) {
          const next = evolve(previous, event);
          for (const key of keys(next)) {
            const expected = viewJson(key, next);
            const id = scopeKeyString(key);
            if (!memos.has(id)) memos.set(id, new MemoisedScope(key, offline));
            memos.get(id)!.update(next);
            expect(JSON.stringify(memos.get(id)!.view)).toBe(expected);
            if (sameInputs(inputs(key, previous), inputs(key, next)))
              expect([id, event.type, viewJson(key, previous)]).toEqual([id, event.type, expected]);
          }
          previous = next;
        }
      }),
      { numRuns: 25 },
    );
  });

  it('the random games really play: questions start, proposals are starred and chosen, answers are locked in', () => {
    const seen = new Set<string>();
    for (const steps of fc.sample(stepsArb, { numRuns: 200, seed: 7 }))
      play(steps).log.forEach((e) => seen.add(e.type));
    const wanted = [
      'QuestionStarted',
      'ProposalAdded',
      'StarToggled',
      'FavoriteChosen',
      'AnswersLockedIn',
      'CountdownStarted',
    ];
    expect(wanted.filter((type) => !seen.has(type))).toEqual([]);
  });

  it('views can be computed for every viewer at every step', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const world = play(steps);
        let state = initialState;
        for (const event of world.log) {
          state = evolve(state, event);
          for (const viewer of [
            { userId: null, roles: [] },
            ...[...world.state.users.values()].map((u) => ({ userId: u.id, roles: [...u.roles] })),
          ]) {
            expect(() => views(state, viewer)).not.toThrow();
          }
        }
      }),
      { numRuns: 10 },
    );
  });
});
