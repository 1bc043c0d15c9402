import type { NightEvent } from '../../../events';
import { teamPlayOf, withNightAnswer, type AnswerLive, type LiveState, type NightLive } from '../state/state';
import type { Changes, Writer } from './writer';

function freshNight(id: string, quizId: string, at: number): NightLive {
  return {
    id,
    quizId,
    startedAt: at,
    phase: 'qn',
    round: null,
    number: null,
    question: null,
    mode: 'team',
    questionsStarted: 0,
    countdown: null,
    quizzle: 'init',
    quizzleAnswer: null,
    quizzleRejected: null,
    lockedInSeq: null,
    lastEndedType: null,
    ended: [],
    timeLastChange: at,
  };
}

function changeNight(state: LiveState, at: number, change: Partial<NightLive>): Changes {
  return state.night ? { night: { ...state.night, ...change, timeLastChange: at } } : {};
}

export function evolveNight(state: LiveState, event: NightEvent, write: Writer): Changes {
  const at = event.metadata.recordedAt;
  switch (event.type) {
    case 'NightStarted': {
      const { nightId, quizId, previousNightId } = event.data;
      let nights = state.nights;
      if (previousNightId) nights = write.update(nights, previousNightId, (n) => ({ ...n, endedAt: at }));
      nights = write.set(nights, nightId, { id: nightId, quizId, startedAt: at, endedAt: null });
      return { nights, night: freshNight(nightId, quizId, at) };
    }
    case 'QuestionStarted': {
      const { round, number, question, mode } = event.data;
      const questionsStarted = (state.night?.questionsStarted ?? 0) + 1;
      return {
        questionSeq: state.questionSeq + 1,
        ...changeNight(state, at, {
          phase: 'qa',
          round,
          number,
          question,
          mode,
          questionsStarted,
          countdown: null,
          quizzle: 'init',
          quizzleAnswer: null,
          quizzleRejected: null,
        }),
      };
    }
    case 'CountdownStarted':
      return changeNight(state, at, {
        phase: 'qc',
        countdown: { seconds: event.data.seconds, endsAt: event.data.endsAt },
      });
    case 'CountdownExpired':
      return changeNight(state, at, { countdown: null });
    case 'QuestionEnded':
      return changeNight(state, at, {
        phase: 'qn',
        countdown: null,
        lastEndedType: state.night?.question?.type ?? null,
      });
    case 'AnswersLockedIn': {
      const d = event.data;
      let answers = state.answers;
      let teams = state.teams;
      let users = state.users;
      for (const a of d.answers) {
        const answer: AnswerLive = {
          id: a.answerId,
          nightId: d.nightId,
          quizId: d.quizId,
          round: d.round,
          num: d.number,
          teamId: a.teamId,
          userId: a.userId,
          answer: a.answer,
          quizzer: a.author,
          points: 0,
          checked: false,
          liked: false,
          tester: null,
        };
        answers = write.set(answers, a.answerId, answer);
        if (a.teamId) {
          const taken = { seq: state.questionSeq, message: a.answer, userId: a.author };
          teams = write.update(teams, a.teamId, (t) => ({
            ...t,
            takenAnswer: taken,
            nightAnswers: withNightAnswer(t.nightAnswers, d.nightId, a.answerId),
          }));
        } else if (a.userId) {
          users = write.update(users, a.userId, (u) => ({
            ...u,
            nightAnswers: withNightAnswer(u.nightAnswers, d.nightId, a.answerId),
          }));
        }
      }
      const ended = state.night?.ended ?? [];
      const question = { round: d.round, number: d.number };
      const endedNow = ended.some((q) => q.round === d.round && q.number === d.number) ? ended : [...ended, question];
      return { answers, teams, users, ...changeNight(state, at, { lockedInSeq: state.questionSeq, ended: endedNow }) };
    }
    case 'LiveGameReset': {
      const { round, number } = event.data;
      return {
        questionSeq: state.questionSeq + 1,
        ...changeNight(state, at, {
          phase: 'qn',
          round,
          number,
          question: null,
          countdown: null,
          quizzle: 'init',
          quizzleAnswer: null,
          quizzleRejected: null,
        }),
      };
    }
    case 'QuizzleAccepted':
      return changeNight(state, at, { quizzle: 'accepted' });
    case 'QuizzleRejected': {
      const { teamId, proposalKey } = event.data;
      return {
        plays: write.update(state.plays, teamId, (p) =>
          teamPlayOf(p.seq, p.proposals, p.nextKey, p.favourite, null, p.stars),
        ),
        ...changeNight(state, at, {
          quizzle: 'init',
          quizzleAnswer: null,
          quizzleRejected: { teamId, key: proposalKey },
        }),
      };
    }
  }
}
