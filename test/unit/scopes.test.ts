import fc from 'fast-check';
import {
  evolve,
  initialState,
  moderatorView,
  readInputs,
  sameInputs,
  scopeDefinition,
  scopeKeyString,
  scopeView,
  testerView,
  touchedInstances,
  SCOPE_NAMES,
  type LiveState,
  type ScopeKey,
  type ScopeName,
  type TeamView,
  type TesterView,
} from '../../projections/live';
import { MemoisedScope } from '../../src/realtime/scopes';
import { recordNight } from '../support/recorded-night';
import { fuzzedStepsArb, play } from './support/command-streams';
import { q, show, showWithQuestion } from './support/fixtures';
import { readFence, readRecorder } from './support/read-fence';

const offline = () => false;
const someOnline = (userId: string) => userId.length % 2 === 0;
const inputs = (key: ScopeKey, state: LiveState, isOnline: (userId: string) => boolean = offline) =>
  readInputs(scopeDefinition(key).reads, state, key, isOnline);
const touched = (scope: ScopeName, state: LiveState, previous: LiveState) =>
  touchedInstances(scopeDefinition({ scope }).reads, state, previous);
const team = (teamId: string): ScopeKey => ({ scope: 'team', teamId });

/** The scope's instance of that id ('' for the scopes with one instance). */
function keyOf(scope: ScopeName, id: string): ScopeKey {
  return scope === 'team' ? team(id) : scope === 'user' ? { scope, userId: id } : ({ scope } as ScopeKey);
}

/** The instances of a scope in any of the states: every team or user there, the one instance of the others. */
function instanceIds(scope: ScopeName, ...states: LiveState[]): string[] {
  if (scope !== 'team' && scope !== 'user') return [''];
  return [
    ...new Set(states.flatMap((state) => (scope === 'team' ? state.teams : state.users).entries().map(([id]) => id))),
  ];
}

function everyScope(state: LiveState): ScopeKey[] {
  return SCOPE_NAMES.flatMap((scope) => instanceIds(scope, state).map((id) => keyOf(scope, id)));
}

/** What a read returned, and inside a list its items: what the view may read everything of. */
function openValues(value: unknown): unknown[] {
  return (Array.isArray(value) ? [value, ...(value as unknown[])] : [value]).filter(
    (v) => typeof v === 'object' && v !== null,
  );
}

/**
 * Computes the scope's view (and what it keeps) from a state fenced in to what its reads read: any
 * other read throws. Inside the values the reads return everything may be read (they are compared by
 * reference); outside them only the paths the reads themselves went along (`state.night.lockedInSeq`).
 */
function viewWithinReads(state: LiveState, key: ScopeKey, isOnline: (userId: string) => boolean): object | null {
  const definition = scopeDefinition(key);
  const recorder = readRecorder<LiveState>(isOnline);
  const open = new Set<unknown>();
  for (const read of definition.reads) {
    read.of(recorder.wrap(state), key, recorder.isOnline);
    openValues(read.of(state, key, isOnline)).forEach((v) => open.add(v));
  }
  const fence = readFence<LiveState>(recorder.paths, open, isOnline, `the view of ${scopeKeyString(key)}`);
  const fenced = fence.wrap(state);
  const view = definition.view(fenced, key, fence.isOnline, definition.keep?.(fenced, undefined));
  return JSON.parse(JSON.stringify(view)) as object | null;
}

/** Every scope's view of each state, computed within its reads, is the view: the reads declare all it reads. */
function viewsReadOnlyTheirReads(states: readonly LiveState[]): number {
  let checked = 0;
  for (const state of states) {
    for (const key of everyScope(state)) {
      expect([scopeKeyString(key), viewWithinReads(state, key, someOnline)]).toEqual([
        scopeKeyString(key),
        scopeView(state, key, someOnline),
      ]);
      checked++;
    }
  }
  return checked;
}

/**
 * From each state to the next (and over batches of five): every instance a read leaves out of what
 * it touches has the same values of that read (by reference), and every instance the scope's reads
 * together leave out has an unchanged view. Returns how many instances were left out and checked.
 */
function untouchedStayTheSame(states: readonly LiveState[]): number {
  const views = new Map<LiveState, Map<string, string>>();
  const viewOf = (state: LiveState, key: ScopeKey) => {
    const known = views.get(state) ?? new Map<string, string>();
    views.set(state, known);
    const id = scopeKeyString(key);
    if (!known.has(id)) known.set(id, JSON.stringify(scopeView(state, key, someOnline)));
    return known.get(id)!;
  };
  const missed: string[] = [];
  let checked = 0;
  for (const stride of [1, 5]) {
    for (let i = 0; i + stride < states.length; i += stride) {
      const [previous, state] = [states[i]!, states[i + stride]!];
      for (const scope of SCOPE_NAMES) {
        const ids = instanceIds(scope, previous, state);
        scopeDefinition({ scope }).reads.forEach((read, n) => {
          const set = new Set<string>();
          if (read.touches(state, previous, set) === 'all') return;
          for (const id of ids) {
            if (set.has(id)) continue;
            const key = keyOf(scope, id);
            const [now, before] = [
              readInputs([read], state, key, someOnline),
              readInputs([read], previous, key, someOnline),
            ];
            if (!sameInputs(now, before))
              missed.push(`read ${n} of ${scopeKeyString(key)} changed from state ${i} to ${i + stride} untouched`);
          }
        });
        const all = touched(scope, state, previous);
        if (all === 'all') continue;
        for (const id of ids) {
          if (all.has(id)) continue;
          const key = keyOf(scope, id);
          checked++;
          if (viewOf(state, key) !== viewOf(previous, key))
            missed.push(`the view of ${scopeKeyString(key)} changed from state ${i} to ${i + stride} untouched`);
        }
      }
    }
  }
  expect(missed).toEqual([]);
  return checked;
}

/** The states a log goes through, event by event. */
function statesOf(log: readonly Parameters<typeof evolve>[1][]): LiveState[] {
  const states: LiveState[] = [initialState];
  for (const event of log) states.push(evolve(states[states.length - 1]!, event));
  return states;
}

/** A night with a bit of everything the views show: proposals, stars, a member who left, lock-ins, ratings. */
function busyNight(): LiveState[] {
  const s = showWithQuestion([q(1, 1), q(1, 2), q(2, 1, 'heal_deal')]);
  const w = s.world;
  const states: LiveState[] = [];
  const step = (run: () => unknown) => {
    run();
    states.push(w.state);
  };
  step(() => w.must({ type: 'AddProposal', message: 'Paris' }, w.as(s.anna)));
  step(() => w.must({ type: 'AddTeamChat', message: 'Hm' }, w.as(s.bert)));
  step(() => w.must({ type: 'ToggleStar', number: 1 }, w.as(s.bert)));
  step(() => w.must({ type: 'ChooseFavourite', number: 1 }, w.as(s.anna)));
  step(() => w.must({ type: 'AddProposal', message: 'Lyon' }, w.as(s.cleo)));
  step(() => w.joinTeam(s.bert, s.teamB));
  step(() => w.must({ type: 'UpdateProfile', userId: s.anna, name: 'Anna Neu' }, w.as(s.anna)));
  step(() => w.must({ type: 'EndQuestion' }, w.as(s.moderator)));
  step(() => w.joinTeam(s.cleo, s.teamA)); // the author of team B's taken answer leaves it
  step(() => w.must({ type: 'StartChecking', quiz: s.quizId }, w.as(s.tester)));
  const paris = testerView(w.state).answers.find((a) => a.answer === 'Paris')!;
  step(() =>
    w.must({ type: 'RateAnswerAbsolute', answerId: paris.id, value: 2, checked: true, liked: true }, w.as(s.tester)),
  );
  step(() => w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, w.as(s.moderator)));
  step(() => w.must({ type: 'StartCountdown', time: 5 }, w.as(s.moderator)));
  return states;
}

describe('scope reads', () => {
  it("given anna proposed in her team and then joined the other team, when she renames herself, then her old team's view is recomputed and shows the new name", () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    s.world.joinTeam(s.anna, s.teamB);
    const key = team(s.teamA);
    const before = s.world.state;
    s.world.must({ type: 'UpdateProfile', userId: s.anna, name: 'Anna Neu' }, s.world.as(s.anna));
    expect(sameInputs(inputs(key, before), inputs(key, s.world.state))).toBe(false);
    expect(Object.values((scopeView(s.world.state, key) as TeamView).proposals).map((p) => p.user)).toEqual([
      'Anna Neu',
    ]);
  });

  it("given a question is open, when one team proposes, then the other team's and the global inputs stay the same", () => {
    const s = showWithQuestion([q(1, 1)]);
    const before = s.world.state;
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    const after = s.world.state;
    expect(sameInputs(inputs(team(s.teamB), before), inputs(team(s.teamB), after))).toBe(true);
    expect(sameInputs(inputs({ scope: 'global' }, before), inputs({ scope: 'global' }, after))).toBe(true);
    expect(sameInputs(inputs(team(s.teamA), before), inputs(team(s.teamA), after))).toBe(false);
    expect(sameInputs(inputs({ scope: 'moderator' }, before), inputs({ scope: 'moderator' }, after))).toBe(false);
  });

  it("given bert goes online, then his team's inputs change and its view shows him online, and the other team's stay the same", () => {
    const s = showWithQuestion([q(1, 1)]);
    const state = s.world.state;
    const bertOnline = (userId: string) => userId === s.bert;
    expect(sameInputs(inputs(team(s.teamA), state), inputs(team(s.teamA), state, bertOnline))).toBe(false);
    expect(sameInputs(inputs(team(s.teamB), state), inputs(team(s.teamB), state, bertOnline))).toBe(true);
    expect((scopeView(state, team(s.teamA), bertOnline) as TeamView).members[s.bert].online).toBe(true);
    expect((scopeView(state, team(s.teamA), bertOnline) as TeamView).members[s.anna].online).toBe(false);
  });

  it('every view reads only what its reads declare, through a whole recorded night and a busy small one', () => {
    const night = statesOf(recordNight().world.log);
    const sampled = night.filter((_state, i) => i % 7 === 1 || i === night.length - 1);
    expect(viewsReadOnlyTheirReads([...sampled, ...busyNight()])).toBeGreaterThan(1000);
  });

  it('given the tester view kept through a rating and a new lock-in, then it is always what a fresh computation gives', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    const memo = new MemoisedScope({ scope: 'tester' }, offline);
    const tester = (state: LiveState) => {
      memo.update(state);
      return memo.view as TesterView;
    };
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

  it('given a question starts, then the global view keeps its heal-and-deal part (the very object)', () => {
    const s = show([q(1, 1), q(1, 2)]);
    const w = s.world;
    const memo = new MemoisedScope({ scope: 'global' }, offline);
    memo.update(w.state);
    const healDeals = (memo.view as { heal_deals: object }).heal_deals;
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, w.as(s.moderator));
    expect(memo.update(w.state)).toBe(true);
    expect((memo.view as { heal_deals: object }).heal_deals).toBe(healDeals);
    expect(memo.view).toEqual(scopeView(w.state, { scope: 'global' }));
  });

  it('every instance a change leaves untouched keeps its reads and its view, event by event and over batches, through a whole recorded night and a busy small one', () => {
    let checked = untouchedStayTheSame(statesOf(recordNight().world.log));
    checked += untouchedStayTheSame([initialState, ...busyNight()]);
    expect(checked).toBeGreaterThan(1000);
  });

  it("on streams of fuzzed commands (the realtime fuzzer's hostile frames among plausible ones), views read only what their reads declare, and untouched instances keep their reads and views", () => {
    fc.assert(
      fc.property(fuzzedStepsArb, (steps) => {
        const states = statesOf(play(steps).log);
        viewsReadOnlyTheirReads(states);
        untouchedStayTheSame(states);
      }),
      { numRuns: 40 },
    );
  });

  it("given a proposal of one team, then only that team's scope is touched; given a rename, every team's", () => {
    const s = showWithQuestion([q(1, 1)]);
    const before = s.world.state;
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    expect(touched('team', s.world.state, before)).toEqual(new Set([s.teamA]));
    expect(touched('user', s.world.state, before)).toEqual(new Set());
    const named = s.world.state;
    s.world.must({ type: 'UpdateProfile', userId: s.anna, name: 'Anna Neu' }, s.world.as(s.anna));
    expect(touched('team', s.world.state, named)).toBe('all');
    expect(touched('user', s.world.state, named)).toEqual(new Set([s.anna]));
  });

  it('given the moderator view kept through a night, then it is always what a fresh computation gives', () => {
    const memo = new MemoisedScope({ scope: 'moderator' }, offline);
    const night = recordNight().world.log;
    let state = initialState;
    night.forEach((event, i) => {
      state = evolve(state, event);
      if (i % 3 !== 0 && i !== night.length - 1) return;
      memo.update(state);
      expect([i, memo.view]).toEqual([i, moderatorView(state)]);
    });
  });

  it('given the global and tester views kept, when players join and edit teams, then their heal-and-deal part and answer list are the very objects kept, and equal to a fresh computation', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    w.must({ type: 'AddProposal', message: 'Goethe' }, w.as(s.anna));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const global = new MemoisedScope({ scope: 'global' }, offline);
    const tester = new MemoisedScope({ scope: 'tester' }, offline);
    global.update(w.state);
    tester.update(w.state);
    const healDeals = (global.view as { heal_deals: object }).heal_deals;
    const answers = (tester.view as TesterView).answers;
    w.joinTeam(s.bert, s.teamB);
    w.must({ type: 'EditTeam', url: '', stadt: 'Bonn', beschreibung: 'Neu' }, w.as(s.anna));
    expect(global.update(w.state)).toBe(true);
    expect(tester.update(w.state)).toBe(true);
    expect((global.view as { heal_deals: object }).heal_deals).toBe(healDeals);
    expect((tester.view as TesterView).answers).toBe(answers);
    expect(global.view).toEqual(scopeView(w.state, { scope: 'global' }));
    expect(tester.view).toEqual(testerView(w.state));
  });

  it('scope keys as strings: one per instance', () => {
    expect(
      [
        { scope: 'global' },
        team('t1'),
        { scope: 'user', userId: 'u1' },
        { scope: 'moderator' },
        { scope: 'tester' },
        { scope: 'operator' },
      ].map((k) => scopeKeyString(k as ScopeKey)),
    ).toEqual(['global', 'team:t1', 'user:u1', 'moderator', 'tester', 'operator']);
  });
});
