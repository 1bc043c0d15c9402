import { answerQuery } from '../../src/queries/query-table';
import { globalView, moderatorView, nextQuestionPosition, teamView } from '../../projections/live';
import { SCHEDULER } from '../support/world';
import { given } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

describe('starting questions (ma)', () => {
  it('the first question of a quiz begins a night', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator))
      .thenEvents(
        { type: 'NightStarted', data: { quizId: s.quizId, previousNightId: null } },
        { type: 'QuestionStarted', data: { round: 1, number: 1, mode: 'team' } },
      );
  });

  it('the events of a night carry the night id in their metadata and stream', () => {
    const s = show();
    const decision = given(s.world).whenWire(
      { type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 },
      s.world.as(s.moderator),
    ).decision;
    if (!decision.ok) throw new Error(decision.message);
    const nightId = (decision.events[0].data as { nightId: string }).nightId;
    expect(decision.stream).toBe(`night-${nightId}`);
    expect(decision.events.map((e) => e.metadata.nightId)).toEqual([nightId, nightId]);
  });

  it('a later question of the same quiz stays in the same night', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuestionStarted', data: { nightId: s.world.state.night!.id } });
  });

  it('another quiz begins a new night that ends the previous one', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    const [other] = s.world.must(
      { type: 'CreateQuiz', name: 'B', yearWeek: 'W', content: [q(1, 1)] },
      s.world.as(s.moderator),
    );
    const previous = s.world.state.night!.id;
    s.world.must(
      { type: 'StartQuestion', quiz: (other.data as { quizId: string }).quizId, round: 1, question: 1 },
      s.world.as(s.moderator),
    );
    expect(s.world.state.nights.get(previous)!.endedAt).toBe(s.world.now);
    expect(s.world.state.night!.id).not.toBe(previous);
  });

  it('only in state qn', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator))
      .thenRejected('Es kann kann nicht die nächste Frage gestartet werden, wenn gerade eine Frage aktiv ist.');
  });

  it('an unknown quiz, an empty quiz and a missing question are refused', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: 42, round: 1, question: 1 }, s.world.as(s.moderator))
      .thenRejected('Es gibt kein Quiz mit der Nummer 42');
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 9, question: 1 }, s.world.as(s.moderator))
      .thenRejected('Es konnte keine weitere Frage gefunden werden.');
  });

  it('a quiz whose content became empty is refused', () => {
    const s = show();
    // Old logs may hold a quiz without questions (the form always required one).
    const metadata = s.world.log[0].metadata;
    s.world.append(
      [
        {
          type: 'QuizCreated',
          version: 1,
          data: { quizId: '50', name: 'Leer', yearWeek: 'W', content: [], origin: 'form' },
          metadata,
        },
      ],
      'quiz-50',
    );
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: '50', round: 1, question: 1 }, s.world.as(s.moderator))
      .thenRejected('Das ausgewählte Quiz hat keine Fragen (leerer Content).');
  });

  it('a player sending ma is rejected', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});

describe('next question', () => {
  const content = [q(1, 1), q(1, 2), q(2, 1)].map((x) => ({
    ...x,
    type: 'normal' as const,
    round: Number(x.round),
    number: Number(x.number),
    category: '',
    question: '',
    answer: '',
    points: 1,
    options: [],
    extraInfo: {},
  }));

  it('advances the number in the round, else to question 1 of the next round, else there is none', () => {
    expect(nextQuestionPosition(content, 1, 1)).toEqual({ round: 1, number: 2 });
    expect(nextQuestionPosition(content, 1, 2)).toEqual({ round: 2, number: 1 });
    expect(nextQuestionPosition(content, 2, 1)).toBeNull();
  });

  it('starts the next question of the night', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2), q(2, 1)], 1, 2);
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'StartNextQuestion' }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuestionStarted', data: { round: 2, number: 1 } });
  });

  it('only in qn, and not past the last question', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .when({ type: 'StartNextQuestion' }, s.world.as(s.moderator))
      .thenRejected('Es kann kann nicht die nächste Frage gestartet werden, wenn gerade eine Frage aktiv ist.');
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'StartNextQuestion' }, s.world.as(s.moderator))
      .thenRejected('Es konnte keine weitere Frage gefunden werden.');
  });
});

describe('countdown (mc) and its expiry', () => {
  it('only while a question is open; the end instant comes from the context clock', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'StartCountdown', time: 20 }, s.world.as(s.moderator))
      .thenRejected('Es kann kein Countdown gestartet werden, wenn gerade keine Frage aktiv ist.');
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    given(s.world)
      .whenWire({ type: 'StartCountdown', time: 20 }, s.world.as(s.moderator))
      .thenEvents({ type: 'CountdownStarted', data: { seconds: 20, endsAt: s.world.now + 20_000 } });
  });

  it('at most an hour: an end instant far away (1e308 s) would be stored as null and never fire', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .whenWire({ type: 'StartCountdown', time: 1e308 }, s.world.as(s.moderator))
      .thenRejected('Ein Countdown dauert höchstens eine Stunde (3600 Sekunden).');
    given(s.world)
      .whenWire({ type: 'StartCountdown', time: 3600 }, s.world.as(s.moderator))
      .thenEvents({ type: 'CountdownStarted', data: { seconds: 3600 } });
  });

  it('without a usable time it runs the default 60 seconds', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .whenWire({ type: 'StartCountdown', time: Number.NaN }, s.world.as(s.moderator))
      .thenEvents({ type: 'CountdownStarted', data: { seconds: 60 } });
  });

  it('the state is qc while the countdown runs', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'StartCountdown', time: 10 }, s.world.as(s.moderator));
    expect(globalView(s.world.state)).toEqual(
      expect.objectContaining({ state: 'qc', countdownEndsAt: s.world.now + 10_000, timeLeft: 10 }),
    );
  });

  it('the scheduler expires it only once its end has passed; then answers are locked in', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'StartCountdown', time: 10 }, s.world.as(s.moderator));
    s.world.tick(9_999);
    given(s.world).when({ type: 'ExpireCountdown' }, SCHEDULER).thenRejected('Der Countdown läuft noch.');
    s.world.tick(1);
    given(s.world)
      .when({ type: 'ExpireCountdown' }, SCHEDULER)
      .thenEvents(
        { type: 'CountdownExpired' },
        { type: 'QuestionEnded', data: { reason: 'countdown' } },
        { type: 'AnswersLockedIn' },
      );
  });
});

describe('end of question: lock-in', () => {
  function withProposals() {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    w.must({ type: 'AddProposal', message: 'Paris' }, w.as(s.anna));
    w.must({ type: 'AddProposal', message: 'Lyon' }, w.as(s.bert));
    return s;
  }

  it("locks in each team's favourite with quiz, round, number, team, answer and author", () => {
    const s = withProposals();
    s.world.must({ type: 'ChooseFavourite', number: 2 }, s.world.as(s.anna));
    const events = given(s.world)
      .when({ type: 'EndQuestion' }, s.world.as(s.moderator))
      .thenEvents(
        { type: 'QuestionEnded', data: { reason: 'moderator' } },
        { type: 'AnswersLockedIn', data: { quizId: s.quizId, round: 1, number: 1 } },
      );
    const answers = (events[1].data as { answers: unknown[] }).answers;
    expect(answers).toEqual([
      expect.objectContaining({ teamId: s.teamA, userId: null, answer: 'Lyon', author: s.bert }),
    ]);
  });

  it('a team with no favourite and no proposals gets no answer', () => {
    const s = withProposals();
    const events = given(s.world)
      .when({ type: 'EndQuestion' }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuestionEnded' }, { type: 'AnswersLockedIn' });
    const teams = (events[1].data as { answers: { teamId: string }[] }).answers.map((a) => a.teamId);
    expect(teams).not.toContain(s.teamB);
  });

  it('without a favourite the most-starred proposal is taken, the latest on a tie; chat never', () => {
    const s = withProposals();
    s.world.must({ type: 'AddTeamChat', message: 'hmm' }, s.world.as(s.anna));
    const events = s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    expect((events[1].data as { answers: { answer: string }[] }).answers[0].answer).toBe('Lyon');

    const t = withProposals();
    t.world.must({ type: 'ToggleStar', number: 1 }, t.world.as(t.bert));
    const starred = t.world.must({ type: 'EndQuestion' }, t.world.as(t.moderator));
    expect((starred[1].data as { answers: { answer: string }[] }).answers[0].answer).toBe('Paris');
  });

  it('the taken answer shows in the team view; a team without one sees the no-proposals message', () => {
    const s = withProposals();
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.takenAnswer).toEqual({ message: 'Paris', user: 'anna' });
    expect(teamView(s.world.state, s.teamB)!.takenAnswer).toEqual({
      message: 'Es wurden keine Vorschläge eingegeben.',
      user: null,
    });
  });

  it('the next question starts with empty proposals and no favourite', () => {
    const s = withProposals();
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartNextQuestion' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)).toEqual(expect.objectContaining({ proposals: {}, favorite: null }));
  });

  it("single-player mode locks in each user's current answer", () => {
    const s = show([q(1, 1)]);
    s.world.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    s.world.must({ type: 'SubmitSingleAnswer', message: 'erst' }, s.world.as(s.anna));
    s.world.must({ type: 'SubmitSingleAnswer', message: 'dann' }, s.world.as(s.anna));
    s.world.must({ type: 'SubmitSingleAnswer', message: 'Bert' }, s.world.as(s.bert));
    const events = s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    const answers = (events[1].data as { answers: { userId: string; teamId: string | null; answer: string }[] })
      .answers;
    expect(answers.map((a) => [a.userId, a.teamId, a.answer]).sort()).toEqual(
      [
        [s.anna, null, 'dann'],
        [s.bert, null, 'Bert'],
      ].sort(),
    );
  });

  it('mn without an open question is refused', () => {
    const s = show();
    given(s.world)
      .when({ type: 'EndQuestion' }, s.world.as(s.moderator))
      .thenRejected('Es ist gerade keine Frage aktiv.');
  });
});

describe('hard reset (mhr)', () => {
  it('goes back to that position in qn without locking in, clearing proposals', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2), q(2, 1)]);
    s.world.must({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna));
    given(s.world)
      .whenWire({ type: 'HardReset', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator))
      .thenEvents({ type: 'LiveGameReset', data: { round: 1, number: 2 } });
    s.world.must({ type: 'HardReset', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator));
    expect(globalView(s.world.state).state).toBe('qn');
    expect(moderatorView(s.world.state)).toEqual(expect.objectContaining({ currentRound: 1, currentQuestion: 2 }));
    expect(teamView(s.world.state, s.teamA)!.proposals).toEqual({});
  });
});

describe('instructions (mi)', () => {
  it('only at the start of the quiz', () => {
    const s = show();
    given(s.world)
      .when({ type: 'ShowInstructions' }, s.world.as(s.moderator))
      .thenEvents({ type: 'InstructionsShown' });
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'ShowInstructions' }, s.world.as(s.moderator))
      .thenRejected('Anzeige der Anleitung nur am Anfang des Quizzes möglich.');
    given(s.world)
      .when({ type: 'ChangeUberMode', modus: 'instruction' }, s.world.as(s.moderator))
      .thenRejected('Anzeige der Anleitung nur am Anfang des Quizzes möglich.');
  });
});

describe('queries (mup, muf)', () => {
  const ctx = (s: ReturnType<typeof show>, _userId: string) => ({
    state: s.world.state,
    uploadsDir: '/nonexistent-uploads',
  });
  it('need the moderator role, answer from the state and append nothing', async () => {
    const s = show();
    const before = s.world.log.length;
    await expect(answerQuery('mup', { quiz: s.quizId }, s.world.as(s.moderator), ctx(s, s.moderator))).resolves.toEqual(
      { rounds: [1, 2], sortedTeams: [] },
    );
    await expect(answerQuery('mup', { quiz: s.quizId }, s.world.as(s.anna), ctx(s, s.anna))).resolves.toMatchObject({
      ok: false,
      message: 'Dazu fehlt dir die Berechtigung.',
    });
    await expect(
      answerQuery('mup', { quiz: 'x' }, s.world.as(s.moderator), ctx(s, s.moderator)),
    ).resolves.toMatchObject({
      ok: false,
      message: 'Es gibt kein Quiz mit der Nummer x',
    });
    await expect(
      answerQuery('muf', { folder: 'team/abc' }, s.world.as(s.moderator), ctx(s, s.moderator)),
    ).resolves.toEqual({ folder: [] });
    await expect(
      answerQuery('muf', { folder: '../etc' }, s.world.as(s.moderator), ctx(s, s.moderator)),
    ).resolves.toMatchObject({
      ok: false,
      message: 'Dieser Ordner liegt außerhalb der Uploads.',
    });
    for (const folder of ['.incoming', 'team/.hidden', './team'])
      await expect(answerQuery('muf', { folder }, s.world.as(s.moderator), ctx(s, s.moderator))).resolves.toMatchObject(
        {
          ok: false,
          message: 'Dieser Ordner liegt außerhalb der Uploads.',
        },
      );
    expect(s.world.log).toHaveLength(before);
  });
});
