import {
  ALL_PROJECTORS,
  answerAtOffset,
  answersMatchingRegex,
  answersOfQuiz,
  nextCheckerQuestion,
  NO_FURTHER_QUESTION,
  NO_MATCHING_ANSWER,
  ProjectionRunner,
  REGEX_EMPTY,
  REGEX_INVALID,
  roundTable,
  searchTeams,
  wrapIndex,
} from '../../projections/read';
import { KNOWN_CONTENT, knownNight } from './known-night';
import { appendEvents, clean, DATABASES, type TestDatabase } from './support';

describe('checker offsets wrap around at both ends', () => {
  it.each([
    [0, 0, 4, 0],
    [0, 3, 4, 3],
    [0, 4, 4, 0],
    [0, 5, 4, 1],
    [0, -1, 4, 3],
    [2, -3, 4, 3],
    [1, -9, 4, 0],
    [3, 1, 4, 0],
  ])('start %i, %i steps, %i answers: index %i', (start, steps, count, index) => {
    expect(wrapIndex(start, steps, count)).toBe(index);
  });
});

describe('checker next question', () => {
  it('goes to number + 1 in the same round, else question 1 of the next round, else the spec alert', () => {
    expect(nextCheckerQuestion(KNOWN_CONTENT, 1, 1)).toEqual({ round: 1, num: 2 });
    expect(nextCheckerQuestion(KNOWN_CONTENT, 1, 2)).toEqual({ round: 2, num: 1 });
    expect(nextCheckerQuestion(KNOWN_CONTENT, 3, 1)).toEqual({ message: NO_FURTHER_QUESTION });
    expect(NO_FURTHER_QUESTION).toBe('Es konnte keine weitere Frage gefunden werden.');
  });
});

describe.each(DATABASES)('checker queries on %s', (_kind, open) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await open();
    await clean(t);
    const last = await appendEvents(t.store, knownNight().events);
    const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS);
    await runner.waitFor(last);
    await runner.stop();
    // One answer of question 1.1 left unchecked for the only-unchecked filter.
    await t.db.query("UPDATE read_quiz_answers SET checked = false WHERE id = 'a2'");
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers of a quiz by round and question, in a stable order (team name), with team and user names', async () => {
    const answers = await answersOfQuiz(t.db, '1', { round: 1, num: 1 });
    expect(answers.map((a) => [a.id, a.teamName, a.answer, a.points])).toEqual([
      ['a9', null, 'Ottawa?', 1], // the deleted team: no name, sorted first
      ['a2', 'Besserwisser', 'Toronto', 0],
      ['a1', 'Die Ahnungslosen', 'Ottawa', 2],
      ['a3', 'Quizgurus', 'ottawa', 2],
    ]);
    const all = await answersOfQuiz(t.db, '1');
    expect(all.map((a) => `${a.round}.${a.num}`)).toEqual([
      '1.1',
      '1.1',
      '1.1',
      '1.1',
      '1.2',
      '2.1',
      '2.1',
      '2.1',
      '3.1',
      '3.1',
    ]);
    expect(all.find((a) => a.id === 's1')).toMatchObject({ userId: 'solo', userName: 'solo', teamId: null });
  });

  it('only unchecked answers', async () => {
    expect((await answersOfQuiz(t.db, '1', { onlyUnchecked: true })).map((a) => a.id)).toEqual(['a2']);
  });

  it('single answer: from the top or from the start offset, the offset wrapping at both ends', async () => {
    const at = (offset: number, startFromTop = true, startOffset = 0) =>
      answerAtOffset(t.db, { quizId: '1', round: 1, num: 1, onlyUnchecked: false, startFromTop, startOffset, offset });
    expect(await at(0)).toMatchObject({ found: true, index: 0, count: 4, answer: { id: 'a9' } });
    expect(await at(-1)).toMatchObject({ found: true, index: 3, answer: { id: 'a3' } });
    expect(await at(4)).toMatchObject({ found: true, index: 0, answer: { id: 'a9' } });
    expect(await at(1, false, 2)).toMatchObject({ found: true, index: 3, answer: { id: 'a3' } });
    expect(await at(2, false, 3)).toMatchObject({ found: true, index: 1, answer: { id: 'a2' } });
    expect(await at(2, true, 3)).toMatchObject({ found: true, index: 2, answer: { id: 'a1' } });
  });

  it('single answer: nothing fits the restrictions', async () => {
    const none = await answerAtOffset(t.db, {
      quizId: '1',
      round: 2,
      num: 2,
      onlyUnchecked: true,
      startFromTop: true,
      startOffset: 0,
      offset: 0,
    });
    expect(none).toEqual({ found: false, message: NO_MATCHING_ANSWER });
    expect(NO_MATCHING_ANSWER).toBe('Keine Antwort mit den gewünschten Einschränkungen gefunden');
  });

  it('the round table: teams by questions of one round', async () => {
    const table = await roundTable(t.db, '1', 2);
    expect(table.questions).toEqual([1, 2]);
    expect(
      table.teams.map((row) => [row.name, Object.keys(row.answers), row.answers[1]!.answer, row.answers[1]!.points]),
    ).toEqual([
      ['Besserwisser', ['1'], 'y', 1],
      ['Die Ahnungslosen', ['1'], 'x', 3],
      ['Quizgurus', ['1'], 'z', 5],
    ]);
  });

  it('team search: case-insensitive substring; "_" lists all', async () => {
    expect((await searchTeams(t.db, 'WISS')).map((x) => x.name)).toEqual(['Besserwisser']);
    expect((await searchTeams(t.db, 'e')).map((x) => x.name)).toEqual(['Besserwisser', 'Die Ahnungslosen']);
    expect((await searchTeams(t.db, '_')).map((x) => x.name)).toEqual([
      'Besserwisser',
      'Die Ahnungslosen',
      'Quizgurus',
    ]);
    expect(await searchTeams(t.db, '%')).toEqual([]);
  });

  it("regex bulk rating selects the question's answers case-insensitively, sorted by id", async () => {
    const result = await answersMatchingRegex(t.db, '1', 1, 1, '^OTTAWA');
    expect(result.ok && result.answers.map((a) => a.id)).toEqual(['a1', 'a3', 'a9']);
    const exact = await answersMatchingRegex(t.db, '1', 1, 1, '^ottawa$');
    expect(exact.ok && exact.answers.map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(await answersMatchingRegex(t.db, '1', 1, 1, '  ')).toEqual({ ok: false, message: REGEX_EMPTY });
    expect(await answersMatchingRegex(t.db, '1', 1, 1, '(')).toEqual({ ok: false, message: REGEX_INVALID });
  });

  it('the regex tool refuses what needs backtracking, as trx does', async () => {
    expect(await answersMatchingRegex(t.db, '1', 1, 1, '(ottawa)\\1')).toEqual({
      ok: false,
      message: 'Dieser reguläre Ausdruck wird nicht unterstützt (keine Rückverweise oder Lookarounds).',
    });
  });
});
