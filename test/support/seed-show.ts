/**
 * A night of N teams written straight into a fresh store before a server starts on it, for the
 * browser bench and the browser tests at show scale: 4 players per team; questions 1 to 5 of the
 * quiz played in team mode and locked in (97 % of the teams answer: about 4,850 answers at 1,000
 * teams), the answers of questions 1 to 3 rated, and question 6 open in single mode with an answer
 * of almost every player (what the moderator's control page lists).
 *
 * Every event comes from the real deciders: the night is played command by command through
 * decide() and evolve() (World), then appended in log order through the SQL store adapter, many
 * streams per transaction. Ids are UUIDs as the server makes them. Nobody gets a password: the
 * crew logs in as the first admin, whom the server creates on start from ADMIN_PASSWORD.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { encodeEvent } from '../../events/codec';
import type { QuestionInput } from '../../src/commands';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { appendInTransaction, createEventSchema } from '../../src/store/sql/sql-event-store';
import { seededRandom } from './random';
import { World } from './world';

/** Team questions 1 to 5, then the single-mode question 6. */
const TEAM_QUESTIONS = 5;
export const SINGLE_QUESTION = 6;
const RATED_QUESTIONS = 3;
/** Share of teams that give an answer to a team question, and of players to the single question. */
const ANSWERING = 0.97;
/** Groups of consecutive same-stream events appended per transaction. */
const APPENDS_PER_TRANSACTION = 500;

export interface SeedTarget {
  dataDir: string;
}

export interface SeedOptions {
  teams: number;
  playersPerTeam?: number;
}

export interface SeededNight {
  quizId: string;
  teams: number;
  players: number;
  /** Answers locked in (team questions 1 to 5). */
  lockedIn: number;
  rated: number;
  /** Single-mode answers of the open question 6. */
  singleAnswers: number;
  events: number;
}

const WORDS = ['Ratefüchse', 'Besserwisser', 'Ahnungslosen', 'Quizzer', 'Eulen', 'Schlaumeier', 'Nachteulen', 'Denker', 'Tüftler', 'Glückspilze'];
const CITIES = ['Köln', 'Berlin', 'Hamburg', 'München', 'Leipzig', 'Bremen'];

const questions: QuestionInput[] = Array.from({ length: SINGLE_QUESTION }, (_, i) => ({
  type: 'normal', round: 1, number: i + 1, category: '(1) Allgemeinwissen',
  question: `Frage ${i + 1}: Wie heißt die Hauptstadt von Land ${i + 1}?`, answer: `Stadt ${i + 1}`,
}));

/** Plays the night through the deciders; the log and each event's stream. */
function playNight({ teams, playersPerTeam = 4 }: SeedOptions): { world: World; summary: SeededNight } {
  const world = new World();
  world.newId = () => randomUUID();
  const random = seededRandom(teams);
  const moderator = world.addUser('moderation', ['moderator']);
  const tester = world.addUser('kontrolle', ['tester']);
  const [created] = world.must({ type: 'CreateQuiz', name: 'Großer Abend', yearWeek: '2026-47', content: questions }, world.as(moderator));
  const quizId = String((created.data as { quizId: string | number }).quizId);

  const members: string[][] = [];
  for (let t = 0; t < teams; t++) {
    const first = world.player(`spieler-${t}-0`);
    const [team] = world.must({
      type: 'CreateTeam', name: `${WORDS[t % WORDS.length]} ${t + 1}`, password: 'pw-team', stadt: CITIES[t % CITIES.length], beschreibung: 'Wir raten mit Herz.',
    }, world.as(first));
    const teamId = (team.data as { teamId: string }).teamId;
    const own = [first];
    for (let p = 1; p < playersPerTeam; p++) {
      const userId = world.player(`spieler-${t}-${p}`);
      world.joinTeam(userId, teamId);
      own.push(userId);
    }
    members.push(own);
  }

  let lockedIn = 0;
  let rated = 0;
  const lockedAnswers: string[][] = [];
  for (let number = 1; number <= TEAM_QUESTIONS; number++) {
    world.tick(60_000);
    world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: number }, world.as(moderator));
    for (const own of members) {
      if (random() > ANSWERING) continue;
      const proposals = 1 + Math.floor(random() * 3);
      for (let p = 0; p < proposals; p++) {
        world.must({ type: 'AddProposal', message: `Stadt ${1 + Math.floor(random() * 20)}` }, world.as(own[Math.floor(random() * own.length)]));
      }
      if (proposals > 1) world.must({ type: 'ChooseFavourite', number: 1 + Math.floor(random() * proposals) }, world.as(own[0]));
    }
    world.tick(30_000);
    const ended = world.must({ type: 'EndQuestion' }, world.as(moderator));
    const locked = ended.find((e) => e.type === 'AnswersLockedIn');
    const answers = locked ? (locked.data as { answers: Array<{ answerId: string }> }).answers.map((a) => a.answerId) : [];
    lockedIn += answers.length;
    lockedAnswers.push(answers);
  }
  for (const answers of lockedAnswers.slice(0, RATED_QUESTIONS)) {
    for (const answerId of answers) {
      world.must({ type: 'RateAnswerAbsolute', answerId, value: Math.floor(random() * 3), checked: true, liked: random() < 0.02 }, world.as(tester));
      rated++;
    }
  }

  world.tick(60_000);
  world.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, world.as(moderator));
  world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: SINGLE_QUESTION }, world.as(moderator));
  let singleAnswers = 0;
  for (const own of members) {
    for (const userId of own) {
      if (random() > ANSWERING) continue;
      world.must({ type: 'SubmitSingleAnswer', message: `Stadt ${1 + Math.floor(random() * 20)}` }, world.as(userId));
      singleAnswers++;
    }
  }
  return {
    world,
    summary: { quizId, teams, players: teams * playersPerTeam, lockedIn, rated, singleAnswers, events: world.log.length },
  };
}

/** Command and event ids as the server makes them (UUIDs), derived from the world's counting ids. */
function withUuids(event: QuizShowEvent, index: number): QuizShowEvent {
  const commandId = nameBasedUuid(`seed-show:${event.metadata.commandId}`);
  return { ...event, metadata: { ...event.metadata, commandId, eventId: nameBasedUuid(`seed-show:${event.metadata.commandId}`, index) } } as QuizShowEvent;
}

async function openTarget(target: SeedTarget): Promise<SqlDatabase> {
  const dir = path.join(target.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return PgliteDatabase.open(dir);
}

/** Plays the night and appends it to the empty store of `target` (the server's DATA_DIR). */
export async function seedShow(target: SeedTarget, options: SeedOptions): Promise<SeededNight> {
  const { world, summary } = playNight(options);
  const groups: Array<{ stream: string; events: QuizShowEvent[] }> = [];
  world.log.forEach((event, i) => {
    const stream = world.streamLog[i];
    const last = groups[groups.length - 1];
    const uuided = withUuids(event, i);
    if (last?.stream === stream) last.events.push(uuided);
    else groups.push({ stream, events: [uuided] });
  });
  const db = await openTarget(target);
  try {
    await createEventSchema(db);
    for (let i = 0; i < groups.length; i += APPENDS_PER_TRANSACTION) {
      await db.transaction(async (tx) => {
        for (const { stream, events } of groups.slice(i, i + APPENDS_PER_TRANSACTION)) await appendInTransaction(tx, stream, events.map(encodeEvent), 'any');
      });
    }
  } finally {
    await db.close();
  }
  return summary;
}
