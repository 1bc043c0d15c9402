/**
 * A small night whose read rows and points are worked out by hand: 4 teams, quiz 1 with three
 * rounds, ratings of every kind (tua, regex, ship), a tie-break, a deleted team, greetings, uploads
 * and the published ranking.
 *
 * Points: Quizgurus 2 | 5 | 0 = 7, Die Ahnungslosen 3 | 3 | 0 = 6, Besserwisser 0 | 1 | 4 = 5,
 * Team Toast (deleted) 1 | 0 | 0 = 1.
 */
import type { Question, QuizShowEvent } from '../../events';
import { EventFactory } from './support';

const question = (round: number, number: number, category = 'Allgemein'): Question => ({
  type: 'normal',
  round,
  number,
  category,
  question: `Frage ${round}.${number}`,
  answer: `Antwort ${round}.${number}`,
  points: -1,
  options: [],
  extraInfo: {},
});

export const KNOWN_CONTENT: Question[] = [
  question(1, 1, '(2) Geografie'),
  question(1, 2),
  question(2, 1),
  question(2, 2),
  question(3, 1),
];

export function knownNight(): { events: QuizShowEvent[]; factory: EventFactory } {
  const f = new EventFactory();
  const tester = { userId: 'tester', roles: ['tester' as const] };
  let teamNumber = 0;
  const team = (teamId: string, name: string) =>
    f.make('TeamCreated', {
      teamId,
      name,
      stadt: 'Köln',
      beschreibung: `Wir sind ${name}`,
      url: '',
      isNew: false,
      origin: 'dialog',
      expectedMembers: null,
      createdBy: null,
      number: ++teamNumber,
    });
  const user = (userId: string, roles: ('moderator' | 'tester')[] = []) =>
    f.make('UserRegistered', { userId, login: userId, name: userId, email: null, roles });
  const lockIn = (round: number, number: number, answers: [string, string | null, string | null, string][]) =>
    f.make('AnswersLockedIn', {
      nightId: 'n1',
      quizId: '1',
      round,
      number,
      answers: answers.map(([answerId, teamId, userId, answer]) => ({
        answerId,
        teamId,
        userId,
        answer,
        author: teamId ? `${teamId}-author` : userId,
        proposalKey: teamId ? 1 : null,
        basis: teamId ? ('only' as const) : ('single' as const),
      })),
    });
  const rate = (answerId: string, points: number, liked = false) =>
    f.make(
      'AnswerRated',
      {
        answerId,
        points,
        change: null,
        checked: true,
        liked,
        testerId: 'tester',
      },
      tester,
    );

  const events: QuizShowEvent[] = [
    user('mod', ['moderator']),
    user('tester', ['tester']),
    user('u1'),
    user('u2'),
    user('u3'),
    user('u4'),
    user('solo'),
    f.make('QuizCreated', {
      quizId: '1',
      name: 'Quiz am Freitag',
      yearWeek: '2026-47',
      content: KNOWN_CONTENT,
      origin: 'import',
    }),
    f.make('QuizCreated', {
      quizId: '2',
      name: 'Entwurf',
      yearWeek: '2026-48',
      content: [question(1, 1)],
      origin: 'form',
    }),
    f.make('QuizEdited', {
      quizId: '2',
      name: 'Quiz nächste Woche',
      yearWeek: '2026-48',
      content: [question(1, 1), question(1, 2)],
    }),
    team('t1', 'Die Ahnungslosen'),
    team('t2', 'Besserwisser'),
    team('t3', 'Quizgurus'),
    team('t4', 'Team Toast'),
    f.make('TeamJoined', { teamId: 't1', userId: 'u1', via: 'creation' }),
    f.make('TeamJoined', { teamId: 't2', userId: 'u2', via: 'creation' }),
    f.make('TeamJoined', { teamId: 't3', userId: 'u3', via: 'password' }),
    f.make('TeamJoined', { teamId: 't4', userId: 'u4', via: 'invite' }),
    f.make('TeamEdited', { teamId: 't1', url: 'https://logos.example/1.png', stadt: 'Berlin', beschreibung: 'Neu' }),
    f.make('UserProfileUpdated', { userId: 'u1', name: 'Anna' }),
    f.make('EmailPopupSeen', { userId: 'u2', seenAt: Date.UTC(2026, 10, 20, 18, 0, 0) }),
    f.make('GreetingSubmitted', { greetingId: 'g1', name: 'Oma Erna', message: 'Viel Glück allen!' }),
    f.make('UploadRecorded', {
      uploadId: 'up1',
      kind: 'question',
      userId: 'u1',
      teamId: 't1',
      fileNames: ['a.png', 'b.png'],
      label: null,
      question: null,
    }),
    f.make('NightStarted', { nightId: 'n1', quizId: '1', previousNightId: null }),
    f.make('UploadRecorded', {
      uploadId: 'up2',
      kind: 'question',
      userId: 'u2',
      teamId: 't2',
      fileNames: ['c.png'],
      label: null,
      question: { nightId: 'n1', round: 1, number: 1 },
    }),
    lockIn(1, 1, [
      ['a1', 't1', null, 'Ottawa'],
      ['a2', 't2', null, 'Toronto'],
      ['a3', 't3', null, 'ottawa'],
      ['a9', 't4', null, 'Ottawa?'],
    ]),
    f.make('AnswersBulkRated', {
      quizId: '1',
      round: 1,
      number: 1,
      regex: '^ottawa$',
      mark: 'correct',
      points: 2,
      answerIds: ['a1', 'a3'],
    }),
    rate('a2', 0, true),
    rate('a9', 1),
    lockIn(1, 2, [['a8', 't1', null, 'Lager: A1\nPlündern: B2']]),
    f.make('ShipQuestionCorrected', {
      quizId: '1',
      round: 1,
      number: 2,
      results: [{ answerId: 'a8', teamId: 't1', lager: 'A1', pluendern: 'B2', hits: 1, survived: false, points: 1 }],
    }),
    lockIn(2, 1, [
      ['a4', 't1', null, 'x'],
      ['a5', 't2', null, 'y'],
      ['a6', 't3', null, 'z'],
    ]),
    rate('a4', 3),
    rate('a5', 1),
    rate('a6', 4),
    rate('a6', 5, true),
    lockIn(3, 1, [['a7', 't2', null, 'Fritz Lang']]),
    rate('a7', 4),
    lockIn(3, 1, [['s1', null, 'solo', 'Murnau']]),
    rate('s1', 2),
    f.make('TieBreakQuestionAdded', {
      quizId: '1',
      question: { ...question(3, 2, 'Seitenstechen'), points: 1, extraInfo: { tieBreak: true } },
    }),
    f.make('PointsPublished', { quizId: '1', points: { rounds: [1], sortedTeams: [] } }),
    f.make('PointsUnpublished', {}),
    f.make('TeamDeleted', { teamId: 't4' }),
    f.make('PointsPublished', {
      quizId: '1',
      points: {
        rounds: [1, 2, 3],
        sortedTeams: [{ teamId: 't3', name: 'Quizgurus', rounds: [2, 5, 0], total: 7, rank: 1, place: 1 }],
      },
    }),
  ];
  return { events, factory: f };
}

export const KNOWN_TEAMS_TXT =
  '\uFEFF#QUIZSHOW-TEAMS\r\n' +
  '02|05|00|Quizgurus|1\r\n' +
  '03|03|00|Die Ahnungslosen|1\r\n' +
  '00|01|04|Besserwisser|1\r\n' +
  '01|00|00|(kein Team)|1\r\n';
