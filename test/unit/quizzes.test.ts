import { TIE_BREAK_TEXTS, categoryPoints, evolve, findQuestion, questionValue } from '../../projections/live';
import { normalizeContent, questionsFromRounds } from '../../src/commands';
import { given } from './support/given';
import { q, show } from './support/fixtures';

describe('saving quizzes', () => {
  it('gives new quizzes sequential numbers', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateQuiz', name: 'Zwei', yearWeek: '2026-48', content: [q(1, 1)] }, s.world.as(s.moderator))
      .thenEvents({
        type: 'QuizCreated',
        data: { quizId: String(Number(s.quizId) + 1), name: 'Zwei', origin: 'form' },
      });
  });

  it.each([
    [
      'no name',
      { name: '', yearWeek: '2026-48', content: [q(1, 1)] },
      'Kein Quizname gesetzt. Das Quiz wurde nicht gespeichert',
    ],
    [
      'no year_week',
      { name: 'Q', yearWeek: '', content: [q(1, 1)] },
      'Kein YearWeek gesetzt. Das Quiz wurde nicht gespeichert',
    ],
    [
      'no questions',
      { name: 'Q', yearWeek: '2026-48', content: [] },
      'Keine Fragen gesetzt gesetzt. Das Quiz wurde nicht gespeichert',
    ],
    ['unreadable JSON content', { name: 'Q', yearWeek: '2026-48', content: '[{' }, 'konnte String nicht einlesen.'],
    [
      'an unknown question type',
      { name: 'Q', yearWeek: '2026-48', content: [q(1, 1), { ...q(1, 2), type: 'tanz' }] },
      'Es ist ein Fehler beim Speichern aufgetreten.',
    ],
    [
      'two questions at one position',
      { name: 'Q', yearWeek: '2026-48', content: [q(1, 1), q(1, 1)] },
      'Es ist ein Fehler beim Speichern aufgetreten.',
    ],
    [
      'a round past 99',
      { name: 'Q', yearWeek: '2026-48', content: [q(1, 1), q(100, 1)] },
      'Es ist ein Fehler beim Speichern aufgetreten.',
    ],
    [
      'a question number past 999',
      { name: 'Q', yearWeek: '2026-48', content: [q(1, 1000)] },
      'Es ist ein Fehler beim Speichern aufgetreten.',
    ],
  ])('rejects a quiz with %s', (_what, fields, message) => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateQuiz', ...fields }, s.world.as(s.moderator))
      .thenRejected(message);
  });

  it('ABCD questions have at most 26 letters', () => {
    const s = show();
    const letters27 = Array.from({ length: 27 }, (_, i) => `Option ${i}`);
    given(s.world)
      .whenWire(
        { type: 'CreateQuiz', name: 'Q', yearWeek: 'W', content: [q(1, 1, 'abcd', { options: letters27 })] },
        s.world.as(s.moderator),
      )
      .thenRejected('Es ist ein Fehler beim Speichern aufgetreten.');
    given(s.world)
      .whenWire(
        {
          type: 'CreateQuiz',
          name: 'Q',
          yearWeek: 'W',
          content: [q(1, 1, 'abcd', { extra_info: '{"optionNum": 27}' })],
        },
        s.world.as(s.moderator),
      )
      .thenRejected('Es ist ein Fehler beim Speichern aufgetreten.');
    given(s.world)
      .whenWire(
        {
          type: 'CreateQuiz',
          name: 'Q',
          yearWeek: 'W',
          content: [q(1, 1, 'abcd', { extra_info: '{"optionNum": 26}' })],
        },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'QuizCreated' });
  });

  it('only moderators save quizzes', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateQuiz', name: 'Q', yearWeek: 'W', content: [q(1, 1)] }, s.world.as(s.tester))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('edits a quiz, content given as JSON text', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'EditQuiz', quizId: s.quizId, content: JSON.stringify([q(1, 1), q(1, 2, 'abcd')]) },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'QuizEdited', data: { quizId: s.quizId, name: 'Quiz' } });
  });

  it('editing an unknown quiz fails with the load error', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'EditQuiz', quizId: '999', name: 'X' }, s.world.as(s.moderator))
      .thenRejected(
        'Es ist ein Fehler beim Laden vom Quiz aufgetreten, vermutlich wurde eine falsche QuizID angegeben.',
      );
  });

  it('imports a parsed TOML quiz organised as rounds with numbered questions', () => {
    const s = show();
    const rounds = {
      1: {
        1: { type: 'normal', question: 'A?', answer: 'a' },
        2: { type: 'abcd', question: 'B?', options: ['x', 'y'] },
      },
      2: { 1: { question: 'C?' } },
    };
    const [event] = given(s.world)
      .whenWire({ type: 'ImportQuiz', name: 'Import', yearWeek: 'W', rounds }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuizCreated', data: { origin: 'import' } });
    const content = (event.data as { content: { round: number; number: number; type: string }[] }).content;
    expect(content.map((x) => [x.round, x.number, x.type])).toEqual([
      [1, 1, 'normal'],
      [1, 2, 'abcd'],
      [2, 1, 'normal'],
    ]);
  });

  it('reads rounds given as arrays too', () => {
    expect(questionsFromRounds([[{ question: 'a' }, { question: 'b' }]]).map((x) => [x.round, x.number])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });
});

describe('question values', () => {
  it('category points come from a leading bracketed number, default 1', () => {
    expect(categoryPoints('(3) Geschichte')).toBe(3);
    expect(categoryPoints('Geschichte (3)')).toBe(1);
    expect(categoryPoints('Sport')).toBe(1);
  });

  it('unset question points are -1 and then worth the category points', () => {
    const result = normalizeContent([{ type: 'normal', round: 1, number: 1, category: '(4) Kunst' }]);
    if (!result.ok) throw new Error(result.message);
    expect(result.content[0].points).toBe(-1);
    expect(questionValue(result.content[0])).toBe(4);
  });
});

describe('tie-break (aas)', () => {
  it('adds a Seitenstechen question at a free position; default title Seitenstechen; its correct value is stored as the answer', () => {
    const s = show();
    given(s.world)
      .whenWire(
        {
          type: 'AddTieBreakQuestion',
          quiz: s.quizId,
          round: 3,
          question: 1,
          text: 'Wie viele Einwohner hat Köln?',
          solution: ' 1084831 ',
        },
        s.world.as(s.admin),
      )
      .thenEvents({ type: 'TieBreakQuestionAdded', data: { quizId: s.quizId } })
      .forEach((e) => {
        expect((e.data as { question: { category: string } }).question.category).toBe('Seitenstechen');
        expect((e.data as { question: { answer: string } }).question.answer).toBe('1084831');
      });
  });

  it('refuses a tie-break without its correct value, or with one over 1,000 characters', () => {
    const s = show();
    const aas = (solution: string | undefined) =>
      given(s.world).whenWire(
        { type: 'AddTieBreakQuestion', quiz: s.quizId, round: 3, question: 1, text: 'Schätzfrage', solution },
        s.world.as(s.admin),
      );
    aas(undefined).thenRejected(TIE_BREAK_TEXTS.solutionMissing);
    aas('  ').thenRejected(TIE_BREAK_TEXTS.solutionMissing);
    aas('9'.repeat(1_001)).thenRejected('Der richtige Wert des Stechens darf höchstens 1.000 Zeichen lang sein.');
  });

  it('a tie-break added before its value was stored keeps replaying with an empty answer', () => {
    const s = show();
    const quiz = s.world.state.quizzes.get(s.quizId)!;
    const old = {
      type: 'TieBreakQuestionAdded' as const,
      version: 1 as const,
      data: {
        quizId: quiz.id,
        question: {
          type: 'normal' as const,
          round: 3,
          number: 1,
          category: 'Seitenstechen',
          question: 'Alt?',
          answer: '',
          points: 1,
          options: [],
          extraInfo: { tieBreak: true },
        },
      },
    };
    const state = evolve(s.world.state, {
      ...old,
      metadata: { eventId: 'old-1', commandId: 'old', actor: { userId: s.admin, roles: ['admin'] }, recordedAt: 0 },
    });
    expect(findQuestion(state.quizzes.get(s.quizId)!.content, 3, 1)?.answer).toBe('');
  });

  it('the tie-break question can then be started', () => {
    const s = show();
    s.world.must(
      {
        type: 'AddTieBreakQuestion',
        quiz: s.quizId,
        round: 3,
        question: 1,
        title: 'Stechen',
        text: 'Schätzfrage',
        solution: '42',
      },
      s.world.as(s.admin),
    );
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 3, question: 1 }, s.world.as(s.moderator))
      .thenEvents({ type: 'NightStarted' }, { type: 'QuestionStarted', data: { round: 3, number: 1 } });
  });

  it('rejects a taken position, an unknown quiz and non-admins', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'AddTieBreakQuestion', quiz: s.quizId, round: 1, question: 1, text: 'x' }, s.world.as(s.admin))
      .thenRejected('Diese Frage gibt es bereits.');
    given(s.world)
      .whenWire({ type: 'AddTieBreakQuestion', quiz: 77, round: 1, question: 1, text: 'x' }, s.world.as(s.admin))
      .thenRejected('Es gibt kein Quiz mit der Nummer 77');
    // A typo like round 169220804 made the points table build an array the process could not hold.
    given(s.world)
      .whenWire(
        { type: 'AddTieBreakQuestion', quiz: s.quizId, round: 169220804, question: 1, text: 'x' },
        s.world.as(s.admin),
      )
      .thenRejected('Diese Frage gibt es nicht.');
    given(s.world)
      .whenWire(
        { type: 'AddTieBreakQuestion', quiz: s.quizId, round: 100, question: 1, text: 'x' },
        s.world.as(s.admin),
      )
      .thenRejected('Diese Frage gibt es nicht.');
    given(s.world)
      .whenWire(
        { type: 'AddTieBreakQuestion', quiz: s.quizId, round: 99, question: 1000, text: 'x' },
        s.world.as(s.admin),
      )
      .thenRejected('Diese Frage gibt es nicht.');
    given(s.world)
      .whenWire(
        { type: 'AddTieBreakQuestion', quiz: s.quizId, round: 3, question: 1, text: 'x' },
        s.world.as(s.moderator),
      )
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
