/**
 * A show for the scale benches, written straight into a fresh embedded store: N players (users),
 * their teams (with or without the players in them), a moderator and a quiz. Players never log in
 * with a password: a bench signs their tokens with the server's JWT_SECRET, so 10,000 players cost no
 * 10,000 password hashes. Every team gets the same argon2 hash of TEAM_PASSWORD (one hash, computed
 * once), so joins check a real hash. The events have exactly the shapes the deciders produce.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { EventMetadata, Question, QuizShowEvent, Role } from '../../../events';
import { uniqueNameKey } from '../../../projections/live';
import { encodeEvent } from '../../../events/codec';
import { TOKEN_LIFETIME_SECONDS } from '../../../src/auth/jwt';
import { Credentials } from '../../../src/identity/credentials';
import { PasswordHasher } from '../../../src/identity/password-hasher';
import { PgliteDatabase } from '../../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../../src/store/sql/postgres-database';
import type { SqlDatabase } from '../../../src/store/sql/sql-database';
import { migrateWriteSide } from '../../../src/store/sql/migrate';
import { appendInTransaction } from '../../../src/store/sql/sql-event-store';
import { OverlayTokens } from '../../../src/auth/overlay-tokens';

export const TEAM_PASSWORD = 'bench-team';
/** Every seeded player's password (with `credentials`): one argon2 hash, shared by all, so a login checks a real hash. */
export const PLAYER_PASSWORD = 'bench-spieler';
export const JWT_SECRET = 'bench-secret-of-the-scale-benches';
export const QUESTIONS = 40;

export interface SeedOptions {
  players: number;
  perTeam?: number;
  /** true: the players are members of their teams already; false: the teams are empty (the join bench). */
  inTeams: boolean;
  /** Seeds this Postgres database (the server then runs with DATABASE_URL) instead of the embedded store. */
  databaseUrl?: string;
  /** Also stores each player's login with PLAYER_PASSWORD (one hash for all), so that they can log in by password. */
  credentials?: boolean;
  /** The players' tokens were issued this many days ago (a returning audience: a token older than a day is renewed). Default 0. */
  tokenAgeDays?: number;
}

export interface CastMember {
  userId: string;
  teamId: string;
  token: string;
  login: string;
}

export interface SeededShow {
  dataDir: string;
  /** The token of a stream overlay link of the show (its address: /overlay/<token>), made with JWT_SECRET as the server makes it. */
  overlayToken: string;
  quizId: string;
  moderatorId: string;
  moderatorToken: string;
  players: CastMember[];
  teams: string[];
}

/**
 * A login token as the server signs it (src/auth/jwt.ts): the server takes the roles from the state.
 * `ageDays`: issued that long ago, with a player's 30-day window (src/auth/token-renewal.ts).
 */
export function tokenFor(userId: string, perm: Role[] = [], ageDays = 0): string {
  const iat = Math.floor(Date.now() / 1000) - Math.round(ageDays * 24 * 3600);
  const lifetime = ageDays > 0 ? TOKEN_LIFETIME_SECONDS : 24 * 3600;
  return jwt.sign({ id: userId, perm, gen: 0, lat: iat, iat, exp: iat + lifetime }, JWT_SECRET, { algorithm: 'HS256' });
}

export async function seedShow({
  players,
  perTeam = 4,
  inTeams,
  databaseUrl,
  credentials = false,
  tokenAgeDays = 0,
}: SeedOptions): Promise<SeededShow> {
  const recordedAt = Date.UTC(2026, 10, 20, 18, 0, 0);
  const actor = { userId: null, roles: [] };
  const streams: Array<{ stream: string; events: QuizShowEvent[] }> = [];
  const add = (stream: string, ...drafts: Array<Pick<QuizShowEvent, 'type' | 'version' | 'data'>>) => {
    const commandId = randomUUID();
    streams.push({
      stream,
      events: drafts.map((d, i) => {
        const metadata: EventMetadata = { eventId: i === 0 ? commandId : randomUUID(), commandId, actor, recordedAt };
        return { ...d, metadata } as QuizShowEvent;
      }),
    });
  };

  const moderatorId = randomUUID();
  add(`user-${moderatorId}`, {
    type: 'UserRegistered',
    version: 1,
    data: {
      userId: moderatorId,
      login: 'moderatorin',
      name: 'Moderatorin',
      email: null,
      roles: ['moderator', 'tester'],
    },
  });
  const quizId = randomUUID();
  const content: Question[] = Array.from({ length: QUESTIONS }, (_, i) => ({
    type: 'normal',
    round: Math.floor(i / 10) + 1,
    number: (i % 10) + 1,
    category: '(1) Bench',
    question: `Frage ${i + 1}: Wie heißt die Hauptstadt von Land ${i + 1}?`,
    answer: `Antwort ${i + 1}`,
    points: 1,
    options: [],
    extraInfo: {},
  }));
  add(`quiz-${quizId}`, {
    type: 'QuizCreated',
    version: 1,
    data: { quizId, name: 'Bench', yearWeek: '2026-47', content, origin: 'form' },
  });

  const overlayLinkId = randomUUID();
  add('show', { type: 'OverlayLinkCreated', version: 1, data: { linkId: overlayLinkId, createdBy: null } });

  const teams: string[] = [];
  const cast: CastMember[] = [];
  for (let t = 0; t * perTeam < players; t++) {
    const teamId = randomUUID();
    teams.push(teamId);
    const members: string[] = [];
    for (let m = 0; m < perTeam && t * perTeam + m < players; m++) {
      const userId = randomUUID();
      members.push(userId);
      add(`user-${userId}`, {
        type: 'UserRegistered',
        version: 1,
        data: { userId, login: `spieler-${t}-${m}`, name: `Spieler ${t}-${m}`, email: null, roles: [] },
      });
      cast.push({ userId, teamId, token: tokenFor(userId, [], tokenAgeDays), login: `spieler-${t}-${m}` });
    }
    add(
      `team-${teamId}`,
      {
        type: 'TeamCreated',
        version: 2,
        data: {
          teamId,
          name: `Team ${t}`,
          stadt: 'Köln',
          beschreibung: 'Bench',
          url: '',
          isNew: false,
          origin: 'dialog',
          expectedMembers: null,
          createdBy: null,
        },
      },
      ...(inTeams
        ? members.map((userId) => ({
            type: 'TeamJoined' as const,
            version: 1 as const,
            data: { teamId, userId, via: 'password' as const },
          }))
        : []),
    );
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  const db: SqlDatabase = databaseUrl
    ? await PostgresDatabase.open(databaseUrl)
    : await PgliteDatabase.open(path.join(dataDir, 'pglite'));
  const hasher = new PasswordHasher();
  try {
    await migrateWriteSide(db);
    for (let i = 0; i < streams.length; i += 500) {
      await db.transaction(async (tx) => {
        for (const { stream, events } of streams.slice(i, i + 500))
          await appendInTransaction(tx, stream, events.map(encodeEvent), 'any');
      });
    }
    const hash = await hasher.hash(TEAM_PASSWORD);
    for (let i = 0; i < teams.length; i += 500) {
      const chunk = teams.slice(i, i + 500);
      await db.query(
        `INSERT INTO team_passwords (team_id, name_key, password_hash) VALUES ${chunk.map((_, j) => `($${3 * j + 1}, $${3 * j + 2}, $${3 * j + 3})`).join(', ')}`,
        chunk.flatMap((teamId, j) => [teamId, uniqueNameKey(`Team ${i + j}`), hash]),
      );
    }
    if (credentials) {
      await Credentials.open(db); // its table
      const playerHash = await hasher.hash(PLAYER_PASSWORD);
      for (let i = 0; i < cast.length; i += 500) {
        const chunk = cast.slice(i, i + 500);
        await db.query(
          `INSERT INTO credentials (user_id, login_key, password_hash) VALUES ${chunk.map((_, j) => `($${3 * j + 1}, $${3 * j + 2}, $${3 * j + 3})`).join(', ')}`,
          chunk.flatMap((member) => [member.userId, uniqueNameKey(member.login), playerHash]),
        );
      }
    }
  } finally {
    await db.close();
    await hasher.close();
  }
  return {
    dataDir,
    overlayToken: new OverlayTokens(JWT_SECRET).tokenOf(overlayLinkId),
    quizId,
    moderatorId,
    moderatorToken: tokenFor(moderatorId, ['moderator']),
    players: cast,
    teams,
  };
}
