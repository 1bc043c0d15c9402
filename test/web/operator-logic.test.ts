import type { Question } from '../../events';
import { pointsInOrder, rankTeams } from '@live';
import { roundPoints, type PointsTable } from '../../web/src/logic/placement';
import { checkQuizForm, questionValue, sortQuizzesByIdDesc, wholeNumberOr } from '../../web/src/logic/quiz';
import {
  flagsText,
  healDealRows,
  isValidJson,
  isoOf,
  parseWholeNumber,
  sortByName,
} from '../../web/src/operator/admin/logic';
import {
  chartPoint,
  cumulativeSeries,
  joinFolder,
  niceAxis,
  parentFolder,
  pictureTeamName,
  seriesColour,
  stepPresentation,
  foldersFirst,
  uploadUrl,
} from '../../web/src/operator/moderator/logic';
import {
  answerStatus,
  answersToCheck,
  changedPoints,
  currentAnswer,
  debounce,
  nextUncheckedPosition,
  ratingKey,
  regexMatches,
  regexProblemText,
  roundTable,
  searchTeams,
  singleFlight,
  skipOffset,
  wrapOffset,
  type CheckerAnswer,
  type Timers,
} from '../../web/src/operator/tester/logic';
import { compileRegex } from '../../web/src/operator/tester/regexRule';

import { t } from '../../web/src/texts/operator';

const q = (round: number, number: number, extra: Partial<Question> = {}): Question => ({
  type: 'normal',
  round,
  number,
  category: '',
  question: `F${round}.${number}`,
  answer: 'A',
  points: -1,
  options: [],
  extraInfo: {},
  ...extra,
});

describe('quiz content', () => {
  it('question value: set points, else the category bracket, else 1', () => {
    expect(questionValue(q(1, 1, { points: 4 }))).toBe(4);
    expect(questionValue(q(1, 1, { category: '(3) Geschichte' }))).toBe(3);
    expect(questionValue(q(1, 1, { category: 'Geschichte' }))).toBe(1);
    expect(questionValue(q(1, 1, { points: 0 }))).toBe(0);
  });
  it("a quiz form is checked by the server's rules: name, year_week, readable content, at least one question", () => {
    const problem = (form: { name: string; yearWeek: string; contentText: string }) => {
      const checked = checkQuizForm(form);
      return checked.ok ? null : checked.problem;
    };
    expect(problem({ name: ' ', yearWeek: '', contentText: '' })).toBe('nameMissing');
    expect(problem({ name: 'Q', yearWeek: '', contentText: '' })).toBe('yearWeekMissing');
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '' })).toBe('questionsMissing');
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '[]' })).toBe('questionsMissing');
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '[x' })).toBe('unreadable');
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '{"round":1}' })).toBe('unreadable');
    // What the server refuses is refused here too: an unknown type, a missing number, a position twice.
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '[{"type":"quiz","round":1,"number":1}]' })).toBe(
      'invalid',
    );
    expect(problem({ name: 'Q', yearWeek: '2026-47', contentText: '[{"round":1}]' })).toBe('invalid');
    expect(
      problem({ name: 'Q', yearWeek: '2026-47', contentText: '[{"round":1,"number":1},{"round":"1","number":1}]' }),
    ).toBe('invalid');
  });
  it('a quiz form yields the questions as the server stores them: sorted, numbers read, extra info parsed', () => {
    const checked = checkQuizForm({
      name: 'Q',
      yearWeek: '2026-47',
      contentText:
        '[{"round":2,"number":1,"question":"b"},{"round":"1","number":"1","points":"3","extra_info":"{\\"optionNum\\":6}"}]',
    });
    expect(checked.ok && checked.content.map((x) => [x.round, x.number, x.type, x.points, x.extraInfo])).toEqual([
      [1, 1, 'normal', 3, { optionNum: 6 }],
      [2, 1, 'normal', -1, {}],
    ]);
  });
  it('sorts quizzes by id descending, numerically', () => {
    expect(sortQuizzesByIdDesc([{ id: '2' }, { id: '10' }, { id: '9' }]).map((x) => x.id)).toEqual(['10', '9', '2']);
  });
  it('whole numbers from inputs', () => {
    expect(wholeNumberOr('3', 1)).toBe(3);
    expect(wholeNumberOr('', 1)).toBe(1);
    expect(wholeNumberOr('2.5', 1)).toBe(1);
  });
});

describe('points', () => {
  // As published or replied to mup (the engine's PointsTable), here deliberately not in ranking order.
  const team = (name: string, rounds: number[]) => ({
    teamId: name.toLowerCase(),
    name,
    rounds,
    total: rounds.reduce((s, p) => s + p, 0),
    rank: 0,
    place: 4,
  });
  const overview: PointsTable = {
    rounds: [1, 2, 3],
    sortedTeams: [
      team('Alpha', [5, 1, 0]),
      team('Beta', [1, 2, 6]),
      team('Gamma', [3, 3, 0]),
      team('Delta', [2, 0, 6]),
    ],
  };
  it("reads round points by the round's index; a round the row has no entry for counts 0", () => {
    expect(roundPoints(overview.sortedTeams[0]!, 0)).toBe(5);
    expect(roundPoints(overview.sortedTeams[1]!, 2)).toBe(6);
    expect(roundPoints(team('Epsilon', [4]), 2)).toBe(0);
  });
  it("shows the engine's ranking (ties share a rank, then by name), ordered by total or by the last round with the total's rank", () => {
    const ranked = rankTeams(
      3,
      overview.sortedTeams.map((row) => ({ teamId: row.teamId!, name: row.name, points: row.rounds })),
    );
    expect(pointsInOrder(ranked, 'total').map((r) => [r.name, r.rank, r.place])).toEqual([
      ['Beta', 1, 1],
      ['Delta', 2, 2],
      ['Alpha', 3, 3],
      ['Gamma', 3, 3],
    ]);
    expect(pointsInOrder(ranked, 'lastRound').map((r) => [r.name, r.rank])).toEqual([
      ['Beta', 1],
      ['Delta', 2],
      ['Alpha', 3],
      ['Gamma', 3],
    ]);
  });
  it('orders equal totals by name in code points, as the server does (not by German collation)', () => {
    const ranked = rankTeams(1, [
      { teamId: 'a', name: 'äpfel', points: [1] },
      { teamId: 'b', name: 'Zebra', points: [1] },
      { teamId: 'c', name: 'apfel', points: [1] },
    ]);
    expect(ranked.sortedTeams.map((r) => r.name)).toEqual(['Zebra', 'apfel', 'äpfel']);
  });
  it('cumulative series per team', () => {
    expect(cumulativeSeries(overview).map((s) => s.points)).toEqual([
      [5, 6, 6],
      [1, 3, 9],
      [3, 6, 6],
      [2, 2, 8],
    ]);
  });
  it('axis rounds up to 1, 2 or 5 steps', () => {
    expect(niceAxis(9)).toEqual({ max: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceAxis(43).max).toBe(50);
    expect(niceAxis(0)).toEqual({ max: 1, ticks: [0, 1] });
  });
  it('maps rounds across the width and points up the height', () => {
    const frame = { width: 120, height: 110, left: 10, right: 10, top: 10, bottom: 0 };
    expect(chartPoint(frame, 3, 10, 0, 0)).toEqual({ x: 10, y: 110 });
    expect(chartPoint(frame, 3, 10, 2, 10)).toEqual({ x: 110, y: 10 });
    expect(chartPoint(frame, 1, 10, 0, 5)).toEqual({ x: 60, y: 60 });
  });
  it('gives 25 teams 25 different colours', () => {
    expect(new Set(Array.from({ length: 25 }, (_, i) => seriesColour(i))).size).toBe(25);
  });
});

describe('picture viewer', () => {
  it('lists folders first, then by name', () => {
    expect(
      foldersFirst([
        { name: 'b.png', isFile: true },
        { name: 'team', isFile: false },
        { name: 'a.png', isFile: true },
      ]),
    ).toEqual([
      { name: 'team', isFile: false },
      { name: 'a.png', isFile: true },
      { name: 'b.png', isFile: true },
    ]);
  });
  it('joins and climbs folders', () => {
    expect(joinFolder('', 'team')).toBe('team');
    expect(joinFolder('team/', '/12')).toBe('team/12');
    expect(parentFolder('team/12')).toBe('team');
    expect(parentFolder('team')).toBe('');
    expect(uploadUrl('/api/uploads/', 'team/12', 'a b.png')).toBe('/api/uploads/team/12/a%20b.png');
  });
  it('finds the team of a picture by folder id, file prefix or name', () => {
    const teams = [
      { id: '12', name: 'Quizgeister' },
      { id: '7', name: 'Eulen' },
    ];
    expect(pictureTeamName('team/12', 'x.png', teams)).toBe('Quizgeister');
    expect(pictureTeamName('team', '7_foto.jpg', teams)).toBe('Eulen');
    expect(pictureTeamName('Eulen', 'x.png', teams)).toBe('Eulen');
    expect(pictureTeamName('misc', 'x.png', teams)).toBe('misc');
  });
  it('presentation starts at -1 and stays in range', () => {
    expect(stepPresentation(-1, 3, 1)).toBe(0);
    expect(stepPresentation(2, 3, 1)).toBe(2);
    expect(stepPresentation(-1, 3, -1)).toBe(-1);
    expect(stepPresentation(0, 0, 1)).toBe(-1);
  });
});

const answer = (id: string, extra: Partial<CheckerAnswer> = {}): CheckerAnswer => ({
  id,
  round: 1,
  num: 1,
  teamId: id,
  team: null,
  userId: null,
  answer: `Antwort ${id}`,
  points: 0,
  checked: false,
  liked: false,
  ...extra,
});

describe('checker', () => {
  it('colours answers by status', () => {
    expect(answerStatus({ checked: false, liked: false })).toBe('red');
    expect(answerStatus({ checked: true, liked: false })).toBe('green');
    expect(answerStatus({ checked: false, liked: true })).toBe('orange');
    expect(answerStatus({ checked: true, liked: true })).toBe('yellow');
  });
  it('wraps the offset at both ends', () => {
    expect(wrapOffset(-1, 3)).toBe(2);
    expect(wrapOffset(3, 3)).toBe(0);
    expect(wrapOffset(-7, 3)).toBe(2);
    expect(wrapOffset(5, 0)).toBe(0);
  });
  it('filters the question and optionally the unchecked answers, ordered by id', () => {
    const answers = [answer('10'), answer('2', { checked: true }), answer('3', { num: 2 }), answer('1')];
    expect(answersToCheck(answers, { round: 1, question: 1, onlyUnchecked: false }).map((a) => a.id)).toEqual([
      '1',
      '2',
      '10',
    ]);
    expect(answersToCheck(answers, { round: 1, question: 1, onlyUnchecked: true }).map((a) => a.id)).toEqual([
      '1',
      '10',
    ]);
  });
  describe('next question with only unchecked answers', () => {
    const content = [q(1, 1), q(1, 2), q(1, 3), q(2, 1), q(2, 2)];
    it('given 1.2 fully checked and 1.3 with an unchecked answer, when next from 1.1, then 1.3', () => {
      const answers = [
        answer('1', { num: 2, checked: true }),
        answer('2', { num: 3, checked: true }),
        answer('3', { num: 3 }),
      ];
      expect(nextUncheckedPosition(content, answers, 1, 1)).toEqual({ round: 1, number: 3 });
    });
    it('walks into the next round (question 1 of round + 1, then on)', () => {
      const answers = [answer('1', { round: 2, num: 2 })];
      expect(nextUncheckedPosition(content, answers, 1, 2)).toEqual({ round: 2, number: 2 });
    });
    it('given only checked answers after the current question, then none: the screen says "keine nächsten unkontollierten gefunden."', () => {
      const answers = [
        answer('1', { num: 1 }),
        answer('2', { num: 2, checked: true }),
        answer('3', { round: 2, num: 1, checked: true, liked: true }),
      ];
      expect(nextUncheckedPosition(content, answers, 1, 1)).toBeNull();
      expect(nextUncheckedPosition(content, [answer('4', { round: 2, num: 2 })], 2, 2)).toBeNull();
      expect(t.tester.noNextUnchecked).toBe('keine nächsten unkontollierten gefunden.');
    });
    it('never looks back: an unchecked answer before the current question does not count', () => {
      expect(nextUncheckedPosition(content, [answer('1', { num: 1 })], 1, 2)).toBeNull();
    });
  });
  it('picks start offset plus offset, wrapped; nothing when the list is empty', () => {
    const list = [answer('1'), answer('2'), answer('3')];
    expect(currentAnswer(list, 1, 0)?.id).toBe('2');
    expect(currentAnswer(list, 1, -2)?.id).toBe('3');
    expect(currentAnswer([], 0, 0)).toBeNull();
  });
  it('rates with keys 0-6 only when the page body is the target', () => {
    expect(ratingKey('4', true)).toBe(4);
    expect(ratingKey('4', false)).toBeNull();
    expect(ratingKey('7', true)).toBeNull();
    expect(ratingKey('a', true)).toBeNull();
  });
  it('never goes below 0 points', () => {
    expect(changedPoints(0, -1)).toBe(0);
    expect(changedPoints(2, 1)).toBe(3);
  });
  it('regex: not empty, valid, case-insensitive, only the question', () => {
    expect(compileRegex('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(compileRegex('(')).toEqual({ ok: false, problem: 'invalid' });
    const compiled = compileRegex('^paris$');
    if (!compiled.ok) throw new Error('expected a regex');
    const answers = [
      answer('1', { answer: 'PARIS' }),
      answer('2', { answer: 'Paris!' }),
      answer('3', { answer: 'paris', num: 2 }),
    ];
    expect(regexMatches(answers, 1, 1, compiled.regex).map((a) => a.id)).toEqual(['1']);
  });
  it("regex: the preview refuses what the server refuses, in the server's words, and never backtracks", () => {
    // JavaScript's RegExp takes these; the server's linear-time engine does not, so no preview count.
    expect(compileRegex('(a)\\1')).toEqual({ ok: false, problem: 'unsupported' });
    expect(compileRegex('paris(?=!)')).toEqual({ ok: false, problem: 'unsupported' });
    expect(compileRegex('.{1000}x')).toEqual({ ok: false, problem: 'tooComplex' });
    expect(regexProblemText('unsupported')).toBe(
      'Dieser reguläre Ausdruck wird nicht unterstützt (keine Rückverweise oder Lookarounds).',
    );
    // A backtracking engine takes seconds on this; RE2 answers at once (a hang would time the test out).
    const evil = compileRegex('(a|aa|aaa)+$');
    if (!evil.ok) throw new Error('expected a regex');
    expect(regexMatches([answer('1', { answer: `${'a'.repeat(5_000)}b` })], 1, 1, evil.regex)).toEqual([]);
  });
  it('team search: case-insensitive substring, _ lists all, empty lists none', () => {
    const teams = [{ name: 'Quizgeister' }, { name: 'Eulen' }, { name: 'quiztiere' }];
    expect(searchTeams(teams, 'QUIZ').map((x) => x.name)).toEqual(['Quizgeister', 'quiztiere']);
    expect(searchTeams(teams, '_')).toHaveLength(3);
    expect(searchTeams(teams, '')).toEqual([]);
  });
  it('round table: one row per team, cells by question number', () => {
    const rows = roundTable(
      [answer('1', { num: 1 }), answer('1', { id: '5', num: 2 }), answer('2', { round: 2 })],
      1,
      (a) => `Team ${a.teamId}`,
    );
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0].cells)).toEqual(['1', '2']);
  });
  it('unskip first returns to the last offset, then steps back one', () => {
    const skipped = skipOffset(skipOffset({ offset: 4, lastOffset: null }, 'skip'), 'skip');
    expect(skipped).toEqual({ offset: 6, lastOffset: 5 });
    const back = skipOffset(skipped, 'unskip');
    expect(back).toEqual({ offset: 5, lastOffset: null });
    expect(skipOffset(back, 'unskip')).toEqual({ offset: 4, lastOffset: null });
  });
  it('sends a rating only when none is in flight', async () => {
    const once = singleFlight();
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const first = once(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('first');
          sent.push('first');
        }),
    );
    const second = await once(async () => {
      sent.push('second');
      return 'second';
    });
    expect(second).toBeUndefined();
    release();
    expect(await first).toBe('first');
    expect(await once(async () => 'third')).toBe('third');
    expect(sent).toEqual(['first']);
  });
  it('debounces skip: calls within 50 ms collapse into one', () => {
    jest.useFakeTimers();
    try {
      const timers: Timers = {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      };
      const calls: number[] = [];
      const skip = debounce((n: number) => calls.push(n), 50, timers);
      skip(1);
      jest.advanceTimersByTime(30);
      skip(2);
      jest.advanceTimersByTime(49);
      expect(calls).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(calls).toEqual([2]);
      skip(3);
      skip.cancel();
      jest.advanceTimersByTime(100);
      expect(calls).toEqual([2]);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('admin', () => {
  it('flags are saved only as valid JSON', () => {
    expect(isValidJson('{"recreateSocketOnVisibilityLost": true}')).toBe(true);
    expect(isValidJson('{recreate}')).toBe(false);
    expect(flagsText({ a: true })).toBe('{\n  "a": true\n}');
    expect(flagsText('{"a":1}')).toBe('{"a":1}');
    expect(flagsText(null)).toBe('');
  });
  it('per-round values are whole numbers', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber(' -3 ')).toBe(-3);
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });
  it("heal-and-deal overview: the server's totals, highest first", () => {
    const rows = healDealRows({
      1: { name: 'A', current: 10, healings: 1, damages: 12, total: -1, zombie: true },
      2: { name: 'B', current: 5, healings: 2, damages: 0, total: 7, zombie: false },
    });
    expect(rows.map((r) => [r.name, r.total, r.zombie])).toEqual([
      ['B', 7, false],
      ['A', -1, true],
    ]);
    expect(healDealRows(undefined)).toEqual([]);
  });
  it('ISO date of the recheck time and users by name', () => {
    expect(isoOf(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOf(Number.NaN)).toBe('');
    expect(sortByName([{ name: 'Zoe' }, { name: 'anna' }, { name: 'Ömer' }]).map((u) => u.name)).toEqual([
      'anna',
      'Ömer',
      'Zoe',
    ]);
  });
});
