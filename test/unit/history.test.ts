/**
 * The team view's `history` and a single player's published points (PROTOCOL.md wave 5, "What
 * players and the host see"): the night's ended questions with solution and taken answer; rating
 * and points only once that round's points are published.
 */
import { HIDDEN_PICTURE_TEXT, teamView, userView } from '../../projections/live';
import { q, showWithQuestion } from './support/fixtures';

const quiz = [q(1, 1), q(1, 2), q(2, 1)];

/** The night after question 1.1 ended with Anna's team's answer "Goethe" (team B gave none). */
function ended() {
  const s = showWithQuestion(quiz);
  const w = s.world;
  w.must({ type: 'AddProposal', message: 'Goethe' }, w.as(s.anna));
  const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
  const answers = (locked.data as { answers: { answerId: string; teamId: string }[] }).answers;
  return { ...s, answerA: answers.find((a) => a.teamId === s.teamA)!.answerId };
}

describe("the team's history", () => {
  it('given a selfie question ended with a picture a moderator then hid (mph), then the history shows the hidden text, not the file', () => {
    const s = showWithQuestion([q(1, 1, 'selfie')]);
    const w = s.world;
    const picture = `question/${s.teamA}/0f8fad5b-d9cb-469f-a165-70867728950e.png`;
    w.must({ type: 'AddProposal', message: picture }, w.as(s.anna));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    expect(teamView(w.state, s.teamA)!.history[0]!.takenAnswer).toBe(picture);
    w.must({ type: 'HidePicture', fileName: picture, hidden: true }, w.as(s.moderator));
    expect(teamView(w.state, s.teamA)!.history[0]!.takenAnswer).toBe(HIDDEN_PICTURE_TEXT);
  });

  it('given a question ended, then the team sees its question, solution and taken answer, without rating or points; a team without an answer sees null', () => {
    const s = ended();
    expect(teamView(s.world.state, s.teamA)!.history).toEqual([
      {
        round: 1,
        number: 1,
        question: 'Frage 1.1?',
        solution: 'Antwort 1.1',
        takenAnswer: 'Goethe',
        rating: null,
        points: null,
      },
    ]);
    expect(teamView(s.world.state, s.teamB)!.history).toEqual([
      {
        round: 1,
        number: 1,
        question: 'Frage 1.1?',
        solution: 'Antwort 1.1',
        takenAnswer: null,
        rating: null,
        points: null,
      },
    ]);
  });

  it('given the answer was rated, then rating and points stay hidden until the round is published; unpublished they hide again', () => {
    const s = ended();
    const w = s.world;
    w.must({ type: 'RateAnswerAbsolute', answerId: s.answerA, value: 2, checked: true, liked: false }, w.as(s.tester));
    expect(teamView(w.state, s.teamA)!.history[0]).toMatchObject({ rating: null, points: null });
    w.must({ type: 'PublishPoints', content: { publish: true } }, w.as(s.moderator));
    expect(teamView(w.state, s.teamA)!.history[0]).toMatchObject({ takenAnswer: 'Goethe', rating: 'right', points: 2 });
    w.must({ type: 'PublishPoints', content: { publish: false } }, w.as(s.moderator));
    expect(teamView(w.state, s.teamA)!.history[0]).toMatchObject({ rating: null, points: null });
  });

  it('given round 1 was published, then a question of round 2 that ends later keeps its rating hidden until the next publication', () => {
    const s = ended();
    const w = s.world;
    w.must({ type: 'RateAnswerAbsolute', answerId: s.answerA, value: 0, checked: true, liked: false }, w.as(s.tester));
    w.must({ type: 'PublishPoints', content: { publish: true } }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 2, question: 1 }, w.as(s.moderator));
    w.must({ type: 'AddProposal', message: 'Schiller' }, w.as(s.bert));
    const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const answerId = (locked.data as { answers: { answerId: string; teamId: string }[] }).answers.find(
      (a) => a.teamId === s.teamA,
    )!.answerId;
    w.must({ type: 'RateAnswerAbsolute', answerId, value: 3, checked: true, liked: false }, w.as(s.tester));
    expect(teamView(w.state, s.teamA)!.history).toEqual([
      {
        round: 1,
        number: 1,
        question: 'Frage 1.1?',
        solution: 'Antwort 1.1',
        takenAnswer: 'Goethe',
        rating: 'wrong',
        points: 0,
      },
      {
        round: 2,
        number: 1,
        question: 'Frage 2.1?',
        solution: 'Antwort 2.1',
        takenAnswer: 'Schiller',
        rating: null,
        points: null,
      },
    ]);
    w.must({ type: 'PublishPoints', content: { publish: true } }, w.as(s.moderator));
    expect(teamView(w.state, s.teamA)!.history[1]).toMatchObject({ rating: 'right', points: 3 });
  });

  it('a new night starts an empty history', () => {
    const s = ended();
    s.world.must({ type: 'ResetLiveState' }, s.world.as(s.admin));
    expect(teamView(s.world.state, s.teamA)!.history).toEqual([]);
  });
});

describe("a single player's points (quiz-single)", () => {
  it('given rated single answers, then the user view shows their points only once published', () => {
    const s = showWithQuestion(quiz);
    const w = s.world;
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    w.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, w.as(s.moderator));
    w.must({ type: 'SubmitSingleAnswer', message: 'x' }, w.as(s.anna));
    const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const answerId = (locked.data as { answers: { answerId: string }[] }).answers[0]!.answerId;
    w.must({ type: 'RateAnswerAbsolute', answerId, value: 4, checked: true, liked: false }, w.as(s.tester));
    expect(userView(w.state, s.anna)!.points).toBeNull();
    w.must({ type: 'PublishPoints', content: { publish: true } }, w.as(s.moderator));
    expect(userView(w.state, s.anna)!.points).toBe(4);
    expect(userView(w.state, s.bert)!.points).toBe(0);
  });
});
