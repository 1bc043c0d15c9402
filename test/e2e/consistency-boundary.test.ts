/**
 * Two processes on one store (two live states, two pipelines, two connections): commands whose rules
 * read each other's streams race a few hundred times, and the rules' invariants hold in the log.
 * Before appends carried the consistency boundary, `mum` (show stream) and `ma` (night stream) could
 * both be accepted against states that had not seen each other. On EventStoreDB when EVENTSTORE_URL is
 * set (two connections), else on Postgres when DATABASE_URL is set, else on the embedded PGlite (two
 * stores on one database).
 */
import { randomUUID } from 'node:crypto';
import type { Actor, QuizShowEvent } from '../../events';
import { evolve, initialState, isQuestionOpen, isQuizMode, type LiveState } from '../../projections/live';
import type { CommandInput } from '../../src/commands';
import { CommandPipeline, type CommandOutcome } from '../../src/engine/command-pipeline';
import { LiveStateService } from '../../src/engine/live-state';
import { fromStored } from '../../src/engine/stored-events';
import type { EventStore, StoredEvent } from '../../src/store/event-store';
import { EventStoreDbEventStore } from '../../src/store/eventstoredb/eventstoredb-event-store';
import type { SqlDatabase } from '../../src/store/sql/sql-database';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { PostgresDatabase } from '../../src/store/sql/postgres-database';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { freshDatabase } from '../support/fresh-database';

const ROUNDS = 100;
const url = process.env.DATABASE_URL;
const eventStoreUrl = process.env.EVENTSTORE_URL;
const storeName = eventStoreUrl ? 'EventStoreDB' : url ? 'Postgres' : 'PGlite';

interface Process {
  store: EventStore;
  live: LiveStateService;
  pipeline: CommandPipeline;
}

const databases: SqlDatabase[] = [];
let processes: Process[] = [];
let now = Date.UTC(2026, 10, 21, 20, 0, 0);
/** On Postgres a database of this file's own: the checks read the whole log. */
let ownDatabase: { url: string; drop: () => Promise<void> } | null = null;
/** On EventStoreDB the first process's store: streams of its own on a shared server; the second connects to them. */
let firstEventStore: EventStoreDbEventStore | null = null;

async function openDatabase(): Promise<SqlDatabase> {
  if (url) {
    ownDatabase ??= await freshDatabase(url);
    return PostgresDatabase.open(ownDatabase.url);
  }
  if (databases[0]) return databases[0]; // one PGlite per test file; a second store on it is a second "process"
  return PgliteDatabase.open();
}

async function openStore(): Promise<EventStore> {
  if (eventStoreUrl) {
    if (firstEventStore) return firstEventStore.openAnother();
    return (firstEventStore = await EventStoreDbEventStore.connectIsolated(eventStoreUrl));
  }
  const db = await openDatabase();
  databases.push(db);
  return SqlEventStore.open(db, { pollIntervalMs: 50 });
}

async function startProcess(): Promise<Process> {
  const store = await openStore();
  const live = new LiveStateService(store);
  await live.start();
  const pipeline = new CommandPipeline(live, store, { clock: () => now, maxAttempts: 50 });
  return { store, live, pipeline };
}

const ADMIN: Actor = { userId: 'admin-1', roles: ['admin', 'moderator'] };
const ANY: Actor = { userId: null, roles: [] };

async function must(p: Process, input: CommandInput, actor = ADMIN): Promise<void> {
  const outcome = await p.pipeline.submit(input, actor);
  if (!outcome.ok) throw new Error(`${input.type}: ${outcome.message}`);
  await inStep();
}

/** Both processes have folded everything stored. */
async function inStep(): Promise<void> {
  const last = await processes[0]!.store.lastPosition();
  await Promise.all(processes.map((p) => p.live.waitFor(last)));
}

/**
 * Sends one command from each process at the same moment: both decide before either appends. Which
 * process sends which alternates with `round`, so that either command can be the one appended first.
 */
async function race(
  round: number,
  a: CommandInput,
  b: CommandInput,
  actorB: Actor = ADMIN,
): Promise<[CommandOutcome, CommandOutcome]> {
  await inStep();
  const [first, second] = round % 2 === 0 ? [processes[0]!, processes[1]!] : [processes[1]!, processes[0]!];
  const outcomes = await Promise.all([first.pipeline.submit(a, ADMIN), second.pipeline.submit(b, actorB)]);
  await inStep();
  return outcomes;
}

/** The whole log, folded event by event: `check` sees each event with the state just before it. */
async function everyEvent(check: (event: QuizShowEvent, before: LiveState) => void): Promise<number> {
  const stored: StoredEvent[] = await processes[0]!.store.readAll();
  let state = initialState;
  for (const s of stored) {
    const event = fromStored(s);
    check(event, state);
    state = evolve(state, event);
  }
  return stored.length;
}

beforeAll(async () => {
  processes = [await startProcess(), await startProcess()];
  const admin = processes[0]!;
  // The admin is written as the server's bootstrap writes the first admin.
  await admin.store.append(
    'user-admin-1',
    [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: { userId: 'admin-1', login: 'admin', name: 'admin', email: null, roles: ['admin', 'moderator'] },
        metadata: { version: 1, eventId: randomUUID(), commandId: 'bootstrap', actor: ANY, recordedAt: now },
      },
    ],
    'no_stream',
  );
  await inStep();
  const questions = Array.from({ length: 3 }, (_, i) => ({
    type: 'normal',
    round: 1,
    number: i + 1,
    category: 'K',
    question: `F${i}`,
    answer: 'A',
  }));
  await must(admin, { type: 'CreateQuiz', name: 'Rennen', yearWeek: '2026-48', content: questions });
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.live.stop()));
  await Promise.all(processes.map((p) => p.store.close()));
  await Promise.all([...new Set(databases)].map((db) => db.close()));
  await ownDatabase?.drop();
});

describe(`two processes on one ${storeName} store`, () => {
  it(`mum against ma, ${ROUNDS} times: the quiz mode never changes while a question is open`, async () => {
    const [a] = processes;
    let both = 0;
    for (let i = 0; i < ROUNDS; i++) {
      await must(a!, { type: 'ChangeUberMode', modus: 'quiz' });
      const [mode, start] = await race(
        i,
        { type: 'ChangeUberMode', modus: 'pause' },
        { type: 'StartQuestion', quiz: '1', round: 1, question: 1 },
      );
      if (mode.ok && start.ok) both++;
      if (start.ok) await must(a!, { type: 'EndQuestion' });
    }
    let checked = 0;
    await everyEvent((event, before) => {
      if (event.type !== 'UberModeChanged') return;
      checked++;
      if (isQuizMode(before.show.uberModus) && !isQuizMode(event.data.modus))
        expect(isQuestionOpen(before)).toBe(false);
    });
    expect(checked).toBeGreaterThanOrEqual(ROUNDS);
    expect(both).toBeGreaterThan(0); // serialised, both can succeed: the pause first, then the question
  });

  it(`ma against arr, ${ROUNDS} times: a reset always ends the night that was current`, async () => {
    let resets = 0;
    for (let i = 0; i < ROUNDS; i++) {
      await race(i, { type: 'StartQuestion', quiz: '1', round: 1, question: 1 }, { type: 'ResetLiveState' });
      if (isQuestionOpen(processes[0]!.live.state)) await must(processes[0]!, { type: 'EndQuestion' });
    }
    await everyEvent((event, before) => {
      if (event.type !== 'LiveStateReset') return;
      resets++;
      expect(event.data.endedNightId).toBe(before.night?.id ?? null);
    });
    expect(resets).toBeGreaterThanOrEqual(ROUNDS);
  });

  it(`countdown expiry against mn, ${ROUNDS} times: a question ends once and its answers are locked in once`, async () => {
    const [a] = processes;
    for (let i = 0; i < ROUNDS; i++) {
      await must(a!, { type: 'StartQuestion', quiz: '1', round: 1, question: 1 + (i % 3) });
      await must(a!, { type: 'StartCountdown', time: 1 });
      now += 1_500;
      const outcomes = await race(i, { type: 'EndQuestion' }, { type: 'ExpireCountdown' }, ANY);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    }
    let ended = 0;
    await everyEvent((event, before) => {
      if (event.type === 'QuestionEnded') {
        ended++;
        expect(isQuestionOpen(before)).toBe(true);
      }
      if (event.type === 'AnswersLockedIn') expect(before.night?.lockedInSeq).not.toBe(before.questionSeq);
    });
    expect(ended).toBeGreaterThanOrEqual(ROUNDS);
  });
});
