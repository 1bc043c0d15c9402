/**
 * The lock-in rule (projections/live/rules/lock-in.ts) through the real deciders: each answer records
 * the proposal it took and why (AnswersLockedIn version 2).
 */
import type { AnswersLockedIn, LockedAnswer, QuizShowEvent } from '../../events';
import { upcast } from '../../events/upcasters';
import { given } from './support/given';
import { q, show, showWithQuestion, type Show } from './support/fixtures';

function lockedIn(events: QuizShowEvent[]): LockedAnswer[] {
  const event = events.find((e): e is AnswersLockedIn => e.type === 'AnswersLockedIn');
  if (!event) throw new Error('no lock-in');
  expect(event.version).toBe(2);
  return event.data.answers;
}

/** Team A (Anna, Bert) proposes Paris (1) and Lyon (2); team B (Cleo) proposes nothing. */
function twoProposals(): Show {
  const s = showWithQuestion([q(1, 1)]);
  s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
  s.world.must({ type: 'AddProposal', message: 'Lyon' }, s.world.as(s.bert));
  return s;
}

function endQuestion(s: Show): LockedAnswer[] {
  return lockedIn(
    given(s.world)
      .when({ type: 'EndQuestion' }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuestionEnded' }, { type: 'AnswersLockedIn' }),
  );
}

describe('lock-in records the proposal and the basis', () => {
  it('given a favourite, when the question ends, then the favourite is taken with basis favourite, even against more stars', () => {
    const s = twoProposals();
    s.world.must({ type: 'ToggleStar', number: 2 }, s.world.as(s.anna));
    s.world.must({ type: 'ToggleStar', number: 2 }, s.world.as(s.bert));
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.bert));
    expect(endQuestion(s)).toEqual([
      expect.objectContaining({ teamId: s.teamA, answer: 'Paris', author: s.anna, proposalKey: 1, basis: 'favourite' }),
    ]);
  });

  it('given several proposals and no favourite, when the question ends, then the most-starred is taken with basis stars', () => {
    const s = twoProposals();
    s.world.must({ type: 'ToggleStar', number: 1 }, s.world.as(s.bert));
    expect(endQuestion(s)).toEqual([
      expect.objectContaining({ teamId: s.teamA, answer: 'Paris', proposalKey: 1, basis: 'stars' }),
    ]);
  });

  it('given several proposals with equal stars (none), when the question ends, then the latest is taken with basis stars', () => {
    const s = twoProposals();
    expect(endQuestion(s)).toEqual([
      expect.objectContaining({ teamId: s.teamA, answer: 'Lyon', author: s.bert, proposalKey: 2, basis: 'stars' }),
    ]);
  });

  it('given one proposal beside chat entries, when the question ends, then it is taken with basis only', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddTeamChat', message: 'hmm' }, s.world.as(s.anna));
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.bert));
    s.world.must({ type: 'AddTeamChat', message: 'ja' }, s.world.as(s.anna));
    expect(endQuestion(s)).toEqual([
      expect.objectContaining({ teamId: s.teamA, answer: 'Paris', author: s.bert, proposalKey: 2, basis: 'only' }),
    ]);
  });

  it('given only chat entries, when the question ends, then the team gets no answer', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddTeamChat', message: 'hmm' }, s.world.as(s.anna));
    expect(endQuestion(s)).toEqual([]);
  });

  it('given single-player mode, when the question ends, then each current answer is taken with basis single and no proposal', () => {
    const s = show([q(1, 1)]);
    s.world.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    s.world.must({ type: 'SubmitSingleAnswer', message: 'erst' }, s.world.as(s.anna));
    s.world.must({ type: 'SubmitSingleAnswer', message: 'dann' }, s.world.as(s.anna));
    expect(endQuestion(s)).toEqual([
      expect.objectContaining({
        teamId: null,
        userId: s.anna,
        answer: 'dann',
        author: s.anna,
        proposalKey: null,
        basis: 'single',
      }),
    ]);
  });
});

describe('AnswersLockedIn version 1', () => {
  it('is upcast with no proposal and the basis unknown (version 1 did not record them)', () => {
    const metadata = { eventId: 'e', commandId: 'c', actor: { userId: null, roles: [] }, recordedAt: 1 };
    const data = {
      nightId: 'n',
      quizId: '1',
      round: 1,
      number: 2,
      answers: [{ answerId: 'a', teamId: 't', userId: null, answer: 'Paris', author: 'u' }],
    };
    expect(upcast({ type: 'AnswersLockedIn', version: 1, data, metadata })).toEqual({
      type: 'AnswersLockedIn',
      version: 2,
      metadata,
      data: {
        ...data,
        answers: [
          {
            answerId: 'a',
            teamId: 't',
            userId: null,
            answer: 'Paris',
            author: 'u',
            proposalKey: null,
            basis: 'unknown',
          },
        ],
      },
    });
  });
});
