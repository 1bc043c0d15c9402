/**
 * Generates a long night for the reducer bench: `teams` teams of 4 players answering question after
 * question, about 25 team events per team and question (proposals, chat, stars, favourites,
 * deletions), each question opened, counted down, expired and locked in, then rated.
 * The events have exactly the shapes the deciders produce; they are built directly so that a
 * million of them cost little time and memory to make.
 */
import type { EventMetadata, Question, QuizShowEvent } from '../../events';
import { seededRandom } from './random';

const EVENTS_PER_TEAM_AND_QUESTION = 25;
const QUESTIONS_PER_ROUND = 10;

export interface BenchNight {
  setup: QuizShowEvent[];
  /** The night's events in batches, made on demand (as a store subscription delivers them). */
  batches: (batchSize: number) => Generator<QuizShowEvent[]>;
  questions: number;
}

/**
 * `activeTeams` (default: all) limits the events to the first teams; the others are registered but
 * idle, which separates the cost of a larger state from the cost of touching more teams.
 */
export function benchNight(teams: number, totalEvents: number, activeTeams = teams, playersPerTeam = 4): BenchNight {
  let clock = Date.UTC(2026, 10, 20, 19, 0, 0);
  let metadata: EventMetadata = { eventId: 'e', commandId: 'c', actor: { userId: null, roles: [] }, recordedAt: clock };
  const tick = () => {
    clock += 1000;
    metadata = { ...metadata, recordedAt: clock };
  };
  const ev = <E extends QuizShowEvent>(type: E['type'], version: E['version'], data: E['data']): QuizShowEvent =>
    ({ type, version, data, metadata }) as QuizShowEvent;

  const questions = Math.max(1, Math.round(totalEvents / (activeTeams * EVENTS_PER_TEAM_AND_QUESTION)));
  const content: Question[] = Array.from({ length: questions }, (_, i) => ({
    type: 'normal',
    round: Math.floor(i / QUESTIONS_PER_ROUND) + 1,
    number: (i % QUESTIONS_PER_ROUND) + 1,
    category: '(1) Bench',
    question: `Frage ${i + 1}`,
    answer: `Antwort ${i + 1}`,
    points: 1,
    options: [],
    extraInfo: {},
  }));

  const setup: QuizShowEvent[] = [
    ev('UserRegistered', 1, { userId: 'mod', login: 'mod', name: 'mod', email: null, roles: ['moderator', 'admin'] }),
    ev('UserRegistered', 1, { userId: 'tester', login: 'tester', name: 'tester', email: null, roles: ['tester'] }),
    ev('QuizCreated', 1, { quizId: '1', name: 'Bench', yearWeek: '2026-47', content, origin: 'form' }),
  ];
  const members: string[][] = [];
  for (let t = 0; t < teams; t++) {
    const teamId = `team-${t}`;
    setup.push(
      ev('TeamCreated', 3, {
        teamId,
        name: `Team ${t}`,
        stadt: 'Köln',
        beschreibung: '',
        url: '',
        isNew: false,
        origin: 'dialog',
        expectedMembers: null,
        createdBy: null,
        number: t + 1,
      }),
    );
    members.push([]);
    for (let p = 0; p < playersPerTeam; p++) {
      const userId = `user-${t}-${p}`;
      members[t].push(userId);
      setup.push(ev('UserRegistered', 1, { userId, login: userId, name: userId, email: null, roles: [] }));
      setup.push(ev('TeamJoined', 1, { teamId, userId, via: 'password' }));
    }
  }

  function* nightEvents(): Generator<QuizShowEvent> {
    const random = seededRandom(activeTeams);
    let produced = 0;
    const emit = function* (event: QuizShowEvent): Generator<QuizShowEvent> {
      if (produced++ < totalEvents) yield event;
    };
    const nightId = 'bench';
    yield* emit(ev('NightStarted', 1, { nightId, quizId: '1', previousNightId: null }));
    let answerCounter = 0;
    for (const question of content) {
      if (produced >= totalEvents) break;
      tick();
      const at = { nightId, quizId: '1', round: question.round, number: question.number };
      yield* emit(ev('QuestionStarted', 1, { ...at, question, mode: 'team' }));
      const keys = new Array<number>(activeTeams).fill(0);
      const live: number[][] = Array.from({ length: activeTeams }, () => []);
      for (let step = 0; step < EVENTS_PER_TEAM_AND_QUESTION - 1; step++) {
        for (let t = 0; t < activeTeams; t++) {
          const teamId = `team-${t}`;
          const userId = members[t][Math.floor(random() * playersPerTeam)];
          const roll = random();
          const own = live[t];
          if (own.length === 0 || roll < 0.4) {
            const key = ++keys[t];
            const chat = roll > 0.3 && roll < 0.4;
            yield* emit(
              ev('ProposalAdded', 1, { teamId, key, userId, message: chat ? 'Chat' : `Antwort ${key}`, chat }),
            );
            if (!chat) own.push(key);
          } else if (roll < 0.75) {
            yield* emit(
              ev('StarToggled', 1, { teamId, userId, key: roll < 0.7 ? own[Math.floor(random() * own.length)] : null }),
            );
          } else if (roll < 0.95) {
            yield* emit(ev('FavoriteChosen', 1, { teamId, key: own[Math.floor(random() * own.length)], userId }));
          } else {
            const key = own.splice(Math.floor(random() * own.length), 1)[0];
            yield* emit(ev('ProposalDeleted', 1, { teamId, key, userId }));
          }
        }
        if (step % 8 === 0)
          yield* emit(
            ev('LobbyChatMessagePosted', 1, {
              userId: 'mod',
              name: 'mod',
              message: 'Noch 10 Sekunden',
              highlight: true,
            }),
          );
      }
      tick();
      yield* emit(ev('CountdownStarted', 1, { nightId, seconds: 30, endsAt: clock + 30_000 }));
      tick();
      yield* emit(ev('CountdownExpired', 1, { nightId, endsAt: clock }));
      yield* emit(ev('QuestionEnded', 1, { ...at, reason: 'countdown' }));
      const answers = members.slice(0, activeTeams).map((team, t) => ({
        answerId: `answer-${++answerCounter}`,
        teamId: `team-${t}`,
        userId: null,
        answer: 'Antwort',
        author: team[0],
        proposalKey: 1,
        basis: 'favourite' as const,
      }));
      yield* emit(ev('AnswersLockedIn', 2, { ...at, answers }));
      for (const a of answers) {
        yield* emit(
          ev('AnswerRated', 1, {
            answerId: a.answerId,
            points: 1,
            change: null,
            checked: true,
            liked: false,
            testerId: 'tester',
          }),
        );
      }
    }
  }

  function* batches(batchSize: number): Generator<QuizShowEvent[]> {
    let batch: QuizShowEvent[] = [];
    for (const event of nightEvents()) {
      batch.push(event);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  return { setup, batches, questions };
}
