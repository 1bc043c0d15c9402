/**
 * The audit from real event sequences: the commands run through the real deciders (World), the
 * audit reads the resulting log.
 */
import type { AnswersLockedIn, QuizShowEvent } from '../../events';
import { pointsOverview } from '@live';
import { buildAudit, teamAudit, testerRatings, testersOf } from '../../web/src/replay/audit';
import { ratingText, relativeToCountdown } from '../../web/src/replay/AuditPanel';
import { t } from '../../web/src/texts/replay';
import { SCHEDULER, World } from '../support/world';
import { recordedNight } from './replay/fixtures';

function lockedIn(events: QuizShowEvent[]): AnswersLockedIn {
  const found = events.find((e): e is AnswersLockedIn => e.type === 'AnswersLockedIn');
  if (!found) throw new Error('no lock-in');
  return found;
}

/** Two teams play 1.1 (countdown), 1.2 (stopped, no countdown) and 2.1 (stopped before the countdown ran out). */
function night() {
  const world = new World('a');
  const moderator = world.addUser('olaf', ['moderator']);
  const tester = world.addUser('kontrolle', ['tester']);
  const content = [
    {
      type: 'normal',
      round: 1,
      number: 1,
      category: '(2) Erdkunde',
      question: 'Hauptstadt von Frankreich?',
      answer: 'Paris',
    },
    { type: 'normal', round: 1, number: 2, category: 'Sport', question: 'Wie viele Spieler?', answer: '11' },
    { type: 'normal', round: 2, number: 1, category: '(3) Film', question: 'Regisseur?', answer: 'Lang' },
  ];
  const [quiz] = world.must({ type: 'CreateQuiz', name: 'Quiz', yearWeek: '2026-47', content }, world.as(moderator));
  const quizId = (quiz.data as { quizId: string }).quizId;
  const anna = world.playerWithTeam('anna', 'Eulen');
  const bert = world.player('bert');
  world.joinTeam(bert, anna.teamId);
  const cleo = world.playerWithTeam('cleo', 'Füchse');
  const as = (id: string) => world.as(id);

  world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: 1 }, as(moderator));
  const t0 = world.now;
  world.tick(1000);
  world.must({ type: 'AddProposal', message: 'Paris' }, as(anna.userId)); // V1 at t0 + 1000
  world.tick(500);
  world.must({ type: 'AddProposal', message: 'Rom' }, as(bert)); // V2 at t0 + 1500
  world.must({ type: 'AddProposal', message: 'Lyon' }, as(cleo.userId));
  world.tick(250);
  world.must({ type: 'ToggleStar', number: 1 }, as(bert)); // t0 + 1750
  world.tick(250);
  world.must({ type: 'ToggleStar', number: 2 }, as(anna.userId)); // t0 + 2000
  world.tick(100);
  world.must({ type: 'ToggleStar', number: 1 }, as(anna.userId)); // moves the star: t0 + 2100
  world.tick(200);
  world.must({ type: 'ChooseFavourite', number: 2 }, as(bert)); // t0 + 2300
  world.tick(300);
  world.must({ type: 'ChooseFavourite', number: 1 }, as(anna.userId)); // t0 + 2600
  world.tick(400);
  world.must({ type: 'StartCountdown', time: 10 }, as(moderator)); // ends t0 + 13000
  world.tick(10_007);
  const q11 = lockedIn(world.must({ type: 'ExpireCountdown' }, SCHEDULER)); // t0 + 13007
  const annaAnswer = q11.data.answers.find((a) => a.teamId === anna.teamId)!.answerId;
  const cleoAnswer = q11.data.answers.find((a) => a.teamId === cleo.teamId)!.answerId;

  world.tick(5000);
  world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: 2 }, as(moderator));
  world.tick(1000);
  world.must({ type: 'AddProposal', message: '11' }, as(bert));
  world.tick(1000);
  const q12 = lockedIn(world.must({ type: 'EndQuestion' }, as(moderator)));

  world.tick(5000);
  world.must({ type: 'StartQuestion', quiz: quizId, round: 2, question: 1 }, as(moderator));
  world.tick(1000);
  world.must({ type: 'AddProposal', message: 'Lang' }, as(anna.userId));
  world.must({ type: 'StartCountdown', time: 20 }, as(moderator));
  const countdownEnd = world.now + 20_000;
  world.tick(4500);
  const q21 = lockedIn(world.must({ type: 'EndQuestion' }, as(moderator)));

  const beforeRatings = world.log.length;
  world.tick(60_000);
  const ratedAt = world.now;
  world.must({ type: 'RateAnswerAbsolute', answerId: annaAnswer, value: 2, checked: true, liked: false }, as(tester));
  world.tick(1000);
  world.must({ type: 'RateAnswerRelative', answerId: annaAnswer, change: 1, checked: true, liked: true }, as(tester));
  world.must(
    { type: 'RegexBulkRate', quiz: quizId, round: 1, question: 1, regex: 'lyon', mark: 'wrong' },
    as(moderator),
  );
  world.must(
    {
      type: 'RateAnswerAbsolute',
      answerId: q12.data.answers.find((a) => a.teamId === anna.teamId)!.answerId,
      value: 1,
      checked: true,
      liked: false,
    },
    as(tester),
  );
  world.must(
    {
      type: 'RateAnswerAbsolute',
      answerId: q21.data.answers.find((a) => a.teamId === anna.teamId)!.answerId,
      value: 3,
      checked: true,
      liked: false,
    },
    as(tester),
  );

  return {
    world,
    quizId,
    t0,
    anna,
    bert,
    cleo,
    moderator,
    tester,
    annaAnswer,
    cleoAnswer,
    countdownEnd,
    beforeRatings,
    ratedAt,
  };
}

describe('audit of an answer', () => {
  const n = night();
  const audit = buildAudit(n.world.log);
  const answer = audit.answers.find((a) => a.answerId === n.annaAnswer)!;

  it('names the proposal it came from, its author and when it was written, and why it was taken', () => {
    expect(answer.answer).toBe('Paris');
    expect(answer.proposal).toEqual({ key: 1, userId: n.anna.userId, at: n.t0 + 1000 });
    expect(answer.basis).toBe('favourite');
    expect(answer.question?.question).toBe('Hauptstadt von Frankreich?');
    expect(answer.maxPoints).toBe(2);
  });

  it('lists the stars on it at lock-in with the moment each was given (a moved star counts where it ended)', () => {
    expect(answer.stars).toEqual([
      { userId: n.bert, at: n.t0 + 1750 },
      { userId: n.anna.userId, at: n.t0 + 2100 },
    ]);
  });

  it('tells when it became the favourite, and by whom', () => {
    expect(answer.favourite).toEqual({ userId: n.anna.userId, at: n.t0 + 2600 });
  });

  it('compares the lock-in with the countdown end to the millisecond', () => {
    expect(answer.countdown).toEqual({ seconds: 10, startedAt: n.t0 + 3000, endsAt: n.t0 + 13_000 });
    expect(answer.lockedAt).toBe(n.t0 + 13_007);
    expect(answer.lockInVsCountdownMs).toBe(7);
    expect(answer.endReason).toBe('countdown');
    expect(relativeToCountdown(answer.lockedAt, n.t0 + 13_000)).toBe('0.007 s nach Countdown-Ende');
    expect(relativeToCountdown(n.t0 + 2600, n.t0 + 13_000)).toBe('10.400 s vor Countdown-Ende');
  });

  it('lists every rating with tester, time, value and the resulting points', () => {
    expect(answer.ratings.map((r) => [r.kind, r.testerId, r.at, r.change, r.points, r.liked])).toEqual([
      ['rated', n.tester, n.ratedAt, null, 2, false],
      ['rated', n.tester, n.ratedAt + 1000, 1, 3, true],
    ]);
    expect(answer.points).toBe(3);
    expect(ratingText(answer.ratings[1])).toBe('+1 → 3 Punkte (geprüft, gelikt)');
  });

  it('records bulk marks as ratings of the user who ran them', () => {
    const other = audit.answers.find((a) => a.answerId === n.cleoAnswer)!;
    expect(other.basis).toBe('only');
    expect(other.favourite).toBeNull();
    expect(other.stars).toEqual([]);
    expect(other.proposal).toMatchObject({ key: 1, userId: n.cleo.userId });
    expect(other.ratings).toHaveLength(1);
    expect(other.ratings[0]).toMatchObject({
      kind: 'bulk',
      testerId: n.moderator,
      regex: 'lyon',
      mark: 'wrong',
      points: 0,
      checked: true,
    });
    expect(ratingText(other.ratings[0])).toBe('Regex /lyon/ falsch → 0 Punkte (geprüft)');
  });

  it('knows a question stopped without a countdown, and one stopped before the countdown ran out', () => {
    const team = teamAudit(audit, n.anna.teamId);
    const q12 = team[0].answers[1];
    expect(q12.number).toBe(2);
    expect(q12.countdown).toBeNull();
    expect(q12.lockInVsCountdownMs).toBeNull();
    expect(q12.endReason).toBe('moderator');
    expect(q12.proposal).toMatchObject({ userId: n.bert });
    expect(q12.favourite).toBeNull();
    const q21 = team[1].answers[0];
    expect(q21.lockInVsCountdownMs).toBe(-15_500);
    expect(q21.countdown?.endsAt).toBe(n.countdownEnd);
  });
});

describe('audit of a team and of a tester', () => {
  const n = night();
  const audit = buildAudit(n.world.log);

  it('groups a team’s answers by round with the round points', () => {
    const team = teamAudit(audit, n.anna.teamId);
    expect(team.map((r) => [r.round, r.points, r.answers.map((a) => a.number)])).toEqual([
      [1, 4, [1, 2]],
      [2, 3, [1]],
    ]);
    const overview = pointsOverview(audit.state, n.quizId).sortedTeams.find((row) => row.teamId === n.anna.teamId)!;
    expect(overview.rounds).toEqual([4, 3]);
  });

  it('lists every rating a tester gave, in order', () => {
    expect(testersOf(audit)).toEqual([n.tester, n.moderator]);
    expect(testerRatings(audit, n.tester).map((r) => r.points)).toEqual([2, 3, 1, 3]);
    expect(testerRatings(audit, n.moderator).map((r) => r.kind)).toEqual(['bulk']);
  });

  it('audits only the events up to a position', () => {
    const early = buildAudit(n.world.log, n.beforeRatings);
    expect(early.ratings).toEqual([]);
    expect(early.answers).toHaveLength(audit.answers.length);
    expect(early.answers.every((a) => a.points === 0 && a.ratings.length === 0)).toBe(true);
    expect(buildAudit(n.world.log, 0).answers).toEqual([]);
  });
});

describe('audit of the recorded night', () => {
  const events = recordedNight();
  const audit = buildAudit(events);

  it('adds up to the points overview for every team and round', () => {
    const overview = pointsOverview(audit.state, '1');
    expect(overview.sortedTeams).toHaveLength(12);
    for (const row of overview.sortedTeams) {
      const rounds = teamAudit(audit, row.teamId!);
      for (const r of rounds) expect(r.points).toBe(row.rounds[r.round - 1]);
      expect(rounds.reduce((sum, r) => sum + r.points, 0)).toBe(row.total);
    }
  });

  it('says of every answer that its proposal and basis are unknown: the recording is of version 1, which did not record them', () => {
    const teamAnswers = audit.answers.filter((a) => a.teamId !== null);
    expect(teamAnswers.length).toBeGreaterThan(50);
    for (const a of teamAnswers)
      expect([a.basis, a.proposal, a.favourite, a.stars]).toEqual(['unknown', null, null, []]);
    expect(teamAnswers.some((a) => a.lockInVsCountdownMs === 0)).toBe(true);
    expect(t.replay.audit.bases.unknown).toBe(
      'unbekannt: Diese Aufzeichnung ist älter und hat nicht festgehalten, welcher Vorschlag warum genommen wurde.',
    );
  });

  it('holds every rating of the night', () => {
    const rated = events.filter((e) => e.type === 'AnswerRated').length;
    expect(audit.ratings.filter((r) => r.kind === 'rated')).toHaveLength(rated);
    expect(audit.ratings.some((r) => r.kind === 'ship')).toBe(true);
    expect(audit.ratings.some((r) => r.kind === 'bulk')).toBe(true);
  });
});
