/**
 * A night of N teams written straight into a fresh store before a server starts on it, for the
 * browser bench and the browser tests at show scale: 4 players per team; questions 1 to 5 of the
 * quiz played in team mode and locked in (97 % of the teams answer: about 4,850 answers at 1,000
 * teams), the answers of questions 1 to 3 rated, and question 6 open in single mode with an answer
 * of almost every player (what the moderator's control page lists).
 *
 * Every event comes from the real deciders: the night is played command by command through
 * decide() and evolve() (World), then written in log order into the empty events table, the rows the
 * SQL store adapter's append writes (positions from 1, revisions per stream from 0), a thousand rows
 * per statement: 30,000 events take seconds instead of the adapter's checked append per stream. Ids are UUIDs as the server makes them. Nobody gets a password: the
 * crew logs in as the first admin, whom the server creates on start from ADMIN_PASSWORD.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { encodeEvent } from '../../events/codec';
import type { QuestionInput } from '../../projections/live';
import { nameBasedUuid } from '../../src/store/event-ids';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { MIGRATIONS } from '../../src/store/sql/migrations';
import { seededRandom } from './random';
import { World } from './world';

/** Team questions 1 to 5, then the single-mode question 6. */
const TEAM_QUESTIONS = 5;
export const SINGLE_QUESTION = 6;
const RATED_QUESTIONS = 3;
/** Share of teams that give an answer to a team question, and of players to the single question. */
const ANSWERING = 0.97;
/** Events written per statement. */
const ROWS_PER_INSERT = 1000;

export interface SeedTarget {
  dataDir: string;
  /** A Postgres database to seed instead of the embedded store in dataDir (test/support/test-database.ts). */
  databaseUrl?: string | null;
}

export interface SeedOptions {
  teams: number;
  playersPerTeam?: number;
  /**
   * Every 100th team (from the 8th on) gets a name and answers that a spreadsheet export must survive:
   * separators, quotes, line breaks, formulas (the results exports' test). The rest of the night stays
   * as without it.
   */
  tricky?: boolean;
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

const WORDS = [
  'Ratefüchse',
  'Besserwisser',
  'Ahnungslosen',
  'Quizzer',
  'Eulen',
  'Schlaumeier',
  'Nachteulen',
  'Denker',
  'Tüftler',
  'Glückspilze',
];
const CITIES = ['Köln', 'Berlin', 'Hamburg', 'München', 'Leipzig', 'Bremen'];
const TRICKY_TEAM_NAMES = ['=1+1 "Die; Eulen"', '@Quizfüchse', '-Minus; Plus', '+Tüftler "Ä"'];
const TRICKY_ANSWERS = [
  '=HYPERLINK("http://böse.example";"klick")',
  '+49 221 123',
  '-2+3',
  '@SUMME(A1:A2)',
  '-1',
  'Zeile 1\r\nZeile 2',
  'Köln; Bonn',
  'Sie sagte "Hallo"',
  'Wagen\rrücklauf',
  'Straße € ½',
];
const isTricky = (options: SeedOptions, team: number) => options.tricky === true && team % 100 === 7;

const questions: QuestionInput[] = Array.from({ length: SINGLE_QUESTION }, (_, i) => ({
  type: 'normal',
  round: 1,
  number: i + 1,
  category: '(1) Allgemeinwissen',
  question: `Frage ${i + 1}: Wie heißt die Hauptstadt von Land ${i + 1}?`,
  answer: `Stadt ${i + 1}`,
}));

/** Plays the night through the deciders; the log and each event's stream. */
function playNight(options: SeedOptions): { world: World; summary: SeededNight } {
  const { teams, playersPerTeam = 4 } = options;
  const world = new World();
  world.newId = () => randomUUID();
  const random = seededRandom(teams);
  const moderator = world.addUser('moderation', ['moderator']);
  const tester = world.addUser('kontrolle', ['tester']);
  const [created] = world.must(
    { type: 'CreateQuiz', name: 'Großer Abend', yearWeek: '2026-47', content: questions },
    world.as(moderator),
  );
  const quizId = String((created.data as { quizId: string | number }).quizId);

  const members: string[][] = [];
  for (let t = 0; t < teams; t++) {
    const first = world.player(`spieler-${t}-0`);
    const [team] = world.must(
      {
        type: 'CreateTeam',
        name: isTricky(options, t)
          ? `${TRICKY_TEAM_NAMES[Math.floor(t / 100) % TRICKY_TEAM_NAMES.length]} ${t + 1}`
          : `${WORDS[t % WORDS.length]} ${t + 1}`,
        password: 'pw-team',
        stadt: CITIES[t % CITIES.length],
        beschreibung: 'Wir raten mit Herz.',
      },
      world.as(first),
    );
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
    for (const [t, own] of members.entries()) {
      if (random() > ANSWERING) continue;
      const proposals = 1 + Math.floor(random() * 3);
      for (let p = 0; p < proposals; p++) {
        const city = `Stadt ${1 + Math.floor(random() * 20)}`;
        // A tricky team proposes one answer per question, so whichever is locked in is tricky; over the night all of them.
        const message = isTricky(options, t)
          ? TRICKY_ANSWERS[(Math.floor(t / 100) * TEAM_QUESTIONS + number - 1) % TRICKY_ANSWERS.length]
          : city;
        world.must({ type: 'AddProposal', message }, world.as(own[Math.floor(random() * own.length)]));
      }
      if (proposals > 1)
        world.must({ type: 'ChooseFavourite', number: 1 + Math.floor(random() * proposals) }, world.as(own[0]));
    }
    world.tick(30_000);
    const ended = world.must({ type: 'EndQuestion' }, world.as(moderator));
    const locked = ended.find((e) => e.type === 'AnswersLockedIn');
    const answers = locked
      ? (locked.data as { answers: Array<{ answerId: string }> }).answers.map((a) => a.answerId)
      : [];
    lockedIn += answers.length;
    lockedAnswers.push(answers);
  }
  for (const answers of lockedAnswers.slice(0, RATED_QUESTIONS)) {
    for (const answerId of answers) {
      world.must(
        {
          type: 'RateAnswerAbsolute',
          answerId,
          value: Math.floor(random() * 3),
          checked: true,
          liked: random() < 0.02,
        },
        world.as(tester),
      );
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
    summary: {
      quizId,
      teams,
      players: teams * playersPerTeam,
      lockedIn,
      rated,
      singleAnswers,
      events: world.log.length,
    },
  };
}

/** Command and event ids as the server makes them (UUIDs), derived from the world's counting ids. */
function withUuids(event: QuizShowEvent, index: number): QuizShowEvent {
  const commandId = nameBasedUuid(`seed-show:${event.metadata.commandId}`);
  return {
    ...event,
    metadata: { ...event.metadata, commandId, eventId: nameBasedUuid(`seed-show:${event.metadata.commandId}`, index) },
  } as QuizShowEvent;
}

async function openTarget(target: SeedTarget): Promise<SqlDatabase> {
  if (target.databaseUrl) return PostgresDatabase.open(target.databaseUrl);
  const dir = path.join(target.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return PgliteDatabase.open(dir);
}

/** Plays the night and appends it to the empty store of `target` (the server's DATA_DIR, or its Postgres database). */
export async function seedShow(target: SeedTarget, options: SeedOptions): Promise<SeededNight> {
  const { world, summary } = playNight(options);
  const revisions = new Map<string, number>();
  const rows = world.log.map((event, i) => {
    const stream = world.streamLog[i];
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    const { id, type, data, metadata } = encodeEvent(withUuids(event, i));
    return [i + 1, stream, revision, id, type, JSON.stringify(data), JSON.stringify(metadata ?? {})] as const;
  });
  const db = await openTarget(target);
  try {
    // The rows as an append writes them, personal fields included; the remaining migrations then move
    // those into the vault, as they do for a log an older release wrote.
    await migrateWriteSide(db, MIGRATIONS.slice(0, 1));
    const [{ count }] = await db.query<{ count: number | string }>('SELECT count(*) AS count FROM events');
    if (Number(count) !== 0) throw new Error('seedShow needs an empty store');
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const chunk = rows.slice(i, i + ROWS_PER_INSERT);
        await tx.query(
          `INSERT INTO events (position, stream_id, revision, event_id, type, data, metadata)
           SELECT p, s, r, e, t, d::jsonb, m::jsonb FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::uuid[], $5::text[], $6::text[], $7::text[]) AS u(p, s, r, e, t, d, m)`,
          [0, 1, 2, 3, 4, 5, 6].map((column) => chunk.map((row) => row[column])),
        );
      }
    });
    await migrateWriteSide(db);
  } finally {
    await db.close();
  }
  return summary;
}
