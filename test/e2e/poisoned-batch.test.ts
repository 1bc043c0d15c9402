/**
 * One poisoned command fails alone (ARCHITECTURE.md rule 6): 50 players' single answers and one the
 * store refuses (a NUL, which JSONB cannot hold; typed directly, past the edge that would refuse it)
 * arrive at the same moment, so the pipeline decides them into one batch on the night stream. The
 * store refuses the batch; the pipeline appends each command alone, and the 50 are stored and
 * acknowledged. Before, all 51 were answered "Ein Fehler ist aufgetreten". On the embedded PGlite,
 * and on Postgres when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../events';
import type { Command } from '../../src/commands';
import { CommandPipeline, RETRY_LATER } from '../../src/engine/command-pipeline';
import { LiveStateService } from '../../src/engine/live-state';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { freshDatabase } from '../support/fresh-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';

const PLAYERS = 50;
const url = process.env.DATABASE_URL;
const ADMIN: Actor = { userId: 'admin-1', roles: ['admin', 'moderator'] };
const ANY: Actor = { userId: null, roles: [] };

const stores: Array<[string, () => Promise<SqlDatabase>]> = [['PGlite', () => PgliteDatabase.open()]];
// A database of this file's own: it reads what the whole log holds.
let ownDatabase: { url: string; drop: () => Promise<void> } | null = null;
if (url) stores.push(['Postgres', async () => PostgresDatabase.open((ownDatabase = await freshDatabase(url)).url)]);
afterAll(async () => ownDatabase?.drop());

describe.each(stores)('a batch the store refuses, on %s', (_name, openDatabase) => {
  let db: SqlDatabase;
  let store: SqlEventStore;
  let live: LiveStateService;
  let pipeline: CommandPipeline;

  beforeAll(async () => {
    db = await openDatabase();
    store = await SqlEventStore.open(db, { pollIntervalMs: 50 });
    live = new LiveStateService(store);
    await live.start();
    pipeline = new CommandPipeline(live, store);
  }, 60_000);

  afterAll(async () => {
    await live.stop();
    await store.close();
    await db.close();
  });

  async function must(
    command: Command | Record<string, unknown>,
    actor: Actor,
    reservedIds: string[] = [],
  ): Promise<void> {
    const outcome = await pipeline.submit(command as Parameters<CommandPipeline['submit']>[0], actor, { reservedIds });
    if (!outcome.ok) throw new Error(`${String(command.type)}: ${outcome.message}`);
  }

  it('fails only the poisoned command; the other 50 are appended and acknowledged', async () => {
    // On Postgres the database may hold earlier runs: every id here is new.
    const run = randomUUID().slice(0, 8);
    const admin = { ...ADMIN, userId: `admin-${run}` };
    await store.append(
      `user-${admin.userId}`,
      [
        {
          id: randomUUID(),
          type: 'UserRegistered',
          data: {
            userId: admin.userId,
            login: `admin${run}`,
            name: 'admin',
            email: null,
            roles: ['admin', 'moderator'],
          },
          metadata: {
            version: 1,
            eventId: randomUUID(),
            commandId: `bootstrap-${run}`,
            actor: ANY,
            recordedAt: Date.now(),
          },
        },
      ],
      'no_stream',
    );
    await live.waitFor(await store.lastPosition());
    await must({ type: 'ResetLiveState' }, admin);
    await must(
      {
        type: 'CreateQuiz',
        name: `Gift ${run}`,
        yearWeek: '2026-48',
        content: [{ type: 'normal', round: 1, number: 1, category: 'K', question: 'F', answer: 'A' }],
      },
      admin,
    );
    const quizId = [...live.state.quizzes.values()].find((q) => q.name === `Gift ${run}`)!.id;
    await must({ type: 'ChangeUberMode', modus: 'quiz-single' }, admin);
    await must({ type: 'StartQuestion', quiz: quizId, round: 1, question: 1 }, admin);
    const players: Actor[] = [];
    for (let i = 0; i <= PLAYERS; i++) {
      const userId = randomUUID();
      await must({ type: 'RegisterUser', login: `spieler-${run}-${i}`, password: 'geheim' }, ANY, [userId]);
      players.push({ userId, roles: [] });
    }
    const before = await store.lastPosition();

    const outcomes = await Promise.all(
      players.map((actor, i) =>
        pipeline.execute({ type: 'SubmitSingleAnswer', message: i === PLAYERS ? 'Gift\u0000' : `Antwort ${i}` }, actor),
      ),
    );

    expect(outcomes.at(-1)).toEqual({ ok: false, message: RETRY_LATER, reason: 'unavailable' });
    expect(outcomes.slice(0, PLAYERS).filter((o) => o.ok)).toHaveLength(PLAYERS);
    const stored = (await store.readAll({ after: before })).filter((e) => e.type === 'SingleAnswerSubmitted');
    expect(stored.map((e) => (e.data as { message: string }).message).sort()).toEqual(
      Array.from({ length: PLAYERS }, (_, i) => `Antwort ${i}`).sort(),
    );
  });
});
