import { placeForRank, pointsExportLine, pointsOverview, testerView, userView } from '../../projections/live';
import { given } from './support/given';
import { q, showWithQuestion, type Show } from './support/fixtures';

function lockedIn(messageA = 'Goethe', messageB = 'Schiller'): Show & { answerA: string; answerB: string } {
  const s = showWithQuestion([q(1, 1), q(2, 1)]);
  const w = s.world;
  w.must({ type: 'AddProposal', message: messageA }, w.as(s.anna));
  w.must({ type: 'AddProposal', message: messageB }, w.as(s.cleo));
  const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
  const answers = (locked.data as { answers: { answerId: string; teamId: string }[] }).answers;
  return {
    ...s,
    answerA: answers.find((a) => a.teamId === s.teamA)!.answerId,
    answerB: answers.find((a) => a.teamId === s.teamB)!.answerId,
  };
}

describe('rating answers', () => {
  it('tua sets absolute points; tu changes them relatively', () => {
    const s = lockedIn();
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: s.answerA, value: 2, checked: true, liked: false },
      s.world.as(s.tester),
    );
    given(s.world)
      .whenWire(
        { type: 'RateAnswerRelative', answerId: s.answerA, change: -1, checked: true, liked: true },
        s.world.as(s.tester),
      )
      .thenEvents({
        type: 'AnswerRated',
        data: { answerId: s.answerA, points: 1, change: -1, checked: true, liked: true, testerId: s.tester },
      });
  });

  it('the absolute score must be a number', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RateAnswerAbsolute', answerId: s.answerA, value: 'drei', checked: true, liked: false },
        s.world.as(s.tester),
      )
      .thenRejected('Keine Zahl gesendet, kann nicht updaten.');
  });

  it('an unknown answer is reported with its id', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RateAnswerAbsolute', answerId: 'a-404', value: 1, checked: true, liked: false },
        s.world.as(s.tester),
      )
      .thenRejected('Konnte das Team/User nicht finden (a-404)');
  });

  it('players cannot rate', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RateAnswerAbsolute', answerId: s.answerA, value: 6, checked: true, liked: false },
        s.world.as(s.anna),
      )
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('ratings show in the tester view and the points overview (ranks and places)', () => {
    const s = lockedIn();
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: s.answerB, value: 3, checked: true, liked: false },
      s.world.as(s.tester),
    );
    expect(testerView(s.world.state).answers.find((a) => a.id === s.answerB)).toEqual(
      expect.objectContaining({ points: 3, checked: true }),
    );
    const overview = pointsOverview(s.world.state, s.quizId);
    expect(overview.rounds).toEqual([1, 2]);
    expect(overview.sortedTeams.map((r) => [r.name, r.rounds, r.total, r.rank, r.place])).toEqual([
      ['Besserwisser', [3, 0], 3, 1, 1],
      ['Die Ahnungslosen', [0, 0], 0, 2, 2],
    ]);
  });

  it("single-player ratings add up to the user's points", () => {
    const s = showWithQuestion([q(1, 1)]);
    const w = s.world;
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    w.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, w.as(s.moderator));
    w.must({ type: 'SubmitSingleAnswer', message: 'x' }, w.as(s.anna));
    const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const answerId = (locked.data as { answers: { answerId: string }[] }).answers[0].answerId;
    w.must({ type: 'RateAnswerAbsolute', answerId, value: 5, checked: true, liked: false }, w.as(s.tester));
    w.must({ type: 'RateAnswerRelative', answerId, change: -2, checked: true, liked: false }, w.as(s.tester));
    expect(w.state.users.get(s.anna)!.points).toBe(3);
    // The player sees them once the round's points are published (PROTOCOL.md wave 5).
    expect(userView(w.state, s.anna)!.points).toBeNull();
    w.must({ type: 'PublishPoints', content: { publish: true } }, w.as(s.moderator));
    expect(userView(w.state, s.anna)!.points).toBe(3);
  });

  it('ta marks the tester as checking a quiz', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire({ type: 'StartChecking', quiz: s.quizId }, s.world.as(s.tester))
      .thenEvents({ type: 'CheckingStarted', data: { testerId: s.tester, quizId: s.quizId } });
    given(s.world)
      .whenWire({ type: 'StartChecking', quiz: 99 }, s.world.as(s.tester))
      .thenRejected('Es gibt kein Quiz mit der Nummer 99');
  });
});

describe('regex bulk rating (trx)', () => {
  it('marks matching answers case-insensitively, default points 1', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '^goe', mark: 'correct' },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'AnswersBulkRated', data: { answerIds: [s.answerA], points: 1, mark: 'correct' } });
  });

  it('wrong gives 0 points, unchecked takes the check back', () => {
    const s = lockedIn();
    s.world.must(
      { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '.', mark: 'correct', points: 2 },
      s.world.as(s.moderator),
    );
    s.world.must(
      { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: 'schiller', mark: 'wrong' },
      s.world.as(s.moderator),
    );
    s.world.must(
      { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: 'GOETHE', mark: 'unchecked' },
      s.world.as(s.moderator),
    );
    const answers = testerView(s.world.state).answers;
    expect(answers.find((a) => a.id === s.answerA)).toEqual(expect.objectContaining({ points: 0, checked: false }));
    expect(answers.find((a) => a.id === s.answerB)).toEqual(expect.objectContaining({ points: 0, checked: true }));
  });

  it('the regex must not be empty or invalid, and must match something', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '', mark: 'correct' },
        s.world.as(s.moderator),
      )
      .thenRejected('regex darf nicht leer sein');
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '(', mark: 'correct' },
        s.world.as(s.moderator),
      )
      .thenRejected('Die Regex ist ungültig.');
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: 'kant', mark: 'correct' },
        s.world.as(s.moderator),
      )
      .thenRejected('Keine Antwort mit den gewünschten Einschränkungen gefunden');
  });

  it('matches in linear time: (a|aa|aaa)+$ against 32 a and a "!" (40 s with a backtracking RegExp)', () => {
    const s = lockedIn(`${'a'.repeat(32)}!`, 'aaa');
    const started = performance.now();
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '(a|aa|aaa)+$', mark: 'correct' },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'AnswersBulkRated', data: { answerIds: [s.answerB] } });
    expect(performance.now() - started).toBeLessThan(1_000); // generous: it takes about a millisecond
  });

  it('JavaScript syntax, Unicode case folding', () => {
    const s = lockedIn('Göthe', 'Schiller');
    given(s.world)
      .whenWire(
        {
          type: 'RegexBulkRate',
          quiz: s.quizId,
          round: 1,
          question: 1,
          regex: '^G\\u00d6THE$|\\bschill',
          mark: 'correct',
        },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'AnswersBulkRated', data: { answerIds: [s.answerA, s.answerB].sort() } });
  });

  it('a pattern that needs backtracking is refused: backreferences, lookaround', () => {
    const s = lockedIn();
    for (const regex of ['(goe)\\1', 'goe(?=the)', 'goe(?!x)', '(?<=g)oethe', '(?<!x)goethe']) {
      given(s.world)
        .whenWire(
          { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex, mark: 'correct' },
          s.world.as(s.moderator),
        )
        .thenRejected('Dieser reguläre Ausdruck wird nicht unterstützt (keine Rückverweise oder Lookarounds).');
    }
  });

  it('a pattern too long or too costly to run is refused', () => {
    const s = lockedIn();
    for (const regex of [`goethe|${'x'.repeat(500)}`, '.{1000}x', '((.{10}){10}){10}']) {
      given(s.world)
        .whenWire(
          { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex, mark: 'correct' },
          s.world.as(s.moderator),
        )
        .thenRejected('Dieser reguläre Ausdruck ist zu lang oder zu aufwendig (höchstens 500 Zeichen).');
    }
  });

  it('is a moderator tool', () => {
    const s = lockedIn();
    given(s.world)
      .whenWire(
        { type: 'RegexBulkRate', quiz: s.quizId, round: 1, question: 1, regex: '.', mark: 'correct' },
        s.world.as(s.tester),
      )
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});

describe('points table rules', () => {
  it('place images: ranks 1 to 3 keep their place, everything else is 4', () => {
    expect([1, 2, 3, 4, 5, 12].map(placeForRank)).toEqual([1, 2, 3, 4, 4, 4]);
  });

  it('equal totals share a rank', () => {
    const s = lockedIn();
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: s.answerA, value: 2, checked: true, liked: false },
      s.world.as(s.tester),
    );
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: s.answerB, value: 2, checked: true, liked: false },
      s.world.as(s.tester),
    );
    expect(pointsOverview(s.world.state, s.quizId).sortedTeams.map((r) => r.rank)).toEqual([1, 1]);
  });

  it('teams.txt line: three two-digit round points, the team name, then 1; missing rounds are 00', () => {
    expect(pointsExportLine({ teamId: 't', name: 'Quizgurus', rounds: [5, 12], total: 17, rank: 1, place: 1 })).toBe(
      '05|12|00|Quizgurus|1',
    );
  });
});
