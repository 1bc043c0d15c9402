/**
 * npm run night -- list
 * npm run night -- export <nightId> [file]          the night and what it depends on, as JSON Lines after a header line (stdout without a file)
 * npm run night -- import <file>                    into an empty store; refuses a file of a newer format or newer events
 * npm run night -- replay <nightId|file> [--to N] [--verify] [--server URL]
 *
 * Uses the server's configuration (DATA_DIR, DATABASE_URL, EVENTSTORE_URL). The embedded database
 * can be open in one process only: stop the server first; with Postgres it may run beside it.
 * --verify recomputes the live views and every read projection from the log and compares them with
 * what the system holds (with --server, also the running server's views, as the admin sees them;
 * ADMIN_PASSWORD must be set), and folds the log's tail onto the newest live-state snapshot, which
 * must give the fold of the whole log; it lists every difference and exits with 1 on any.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { loadConfig } from '../config';
import { printedVersion } from '../version';
import type { StoredEvent } from '../store/event-store';
import { openStorage, type Storage } from '../store/storage';
import { SnapshotStore } from '../engine/snapshots';
import {
  compareViews,
  importEvents,
  listNights,
  replayEvents,
  verifyReadProjections,
  verifySnapshot,
  type Difference,
  type Replay,
} from './night-commands';
import {
  allEvents,
  nightWithDependencies,
  NightExportRefused,
  readNightExport,
  toNightExport,
  type NightExport,
} from './night-events';

const USAGE =
  'Usage: npm run night -- list | export <nightId> [file] | import <file> | replay <nightId|file> [--to N] [--verify] [--server URL]';

function optionValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<number> {
  if (printedVersion(args)) return 0;
  const [command, target, file] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.match(/^--(to|server)$/));
  if (!command || args.includes('--help')) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const storage = await openStorage(loadConfig());
  try {
    switch (command) {
      case 'list':
        return await list(storage);
      case 'export':
        return await exportNight(storage, target, file);
      case 'import':
        return await importFile(storage, target);
      case 'replay':
        return await replay(storage, target, args);
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await storage.close();
  }
}

async function list(storage: Storage): Promise<number> {
  const nights = await listNights(storage.events);
  if (nights.length === 0) console.log('Keine Abende im Log.');
  for (const n of nights)
    console.log(
      `${n.id}  Quiz ${n.quizId} (${n.quizName ?? '?'})  ${n.startedAt} – ${n.endedAt ?? 'läuft'}  ${n.events} Events`,
    );
  return 0;
}

async function exportNight(storage: Storage, nightId: string | undefined, file: string | undefined): Promise<number> {
  if (!nightId) return usage();
  const events = await nightWithDependencies(storage.events, nightId);
  if (!events) return fail(`Es gibt keinen Abend ${nightId}.`);
  const text = toNightExport(events, new Date());
  if (file) {
    await writeFile(file, text);
    console.error(`${events.length} Events nach ${file} geschrieben.`);
  } else process.stdout.write(text);
  return 0;
}

async function importFile(storage: Storage, file: string | undefined): Promise<number> {
  if (!file) return usage();
  const exported = await readExport(file);
  if (exported instanceof NightExportRefused) return fail(`${file}: ${exported.message}`);
  const count = await importEvents(storage.events, exported.events);
  console.log(`${count} Events importiert.`);
  return 0;
}

async function replay(storage: Storage, target: string | undefined, args: string[]): Promise<number> {
  if (!target) return usage();
  const exported = existsSync(target) ? await readExport(target) : null;
  if (exported instanceof NightExportRefused) return fail(`${target}: ${exported.message}`);
  const events = exported ? exported.events : await nightWithDependencies(storage.events, target);
  if (!events) return fail(`Es gibt keinen Abend ${target} und keine solche Datei.`);
  const to = optionValue(args, '--to');
  const result = replayEvents(events, {
    to: to === undefined ? undefined : Number(to),
    onProgress: progress(events.length),
  });
  printReplay(result, events.length);
  if (!args.includes('--verify')) return 0;

  const differences: Difference[] = [];
  console.log('\nPrüfe Live-Views und Read-Projektionen gegen das Log …');
  const whole: StoredEvent[] = [];
  for await (const event of allEvents(storage.events)) whole.push(event);
  const live = replayEvents(whole);
  const server = optionValue(args, '--server');
  if (server) differences.push(...(await compareWithServer(server, live)));
  differences.push(...(await verifyReadProjections(storage.sql, storage.events)));
  const snapshot = await verifySnapshot(await SnapshotStore.open(storage.sql), whole, live.state);
  console.log(
    snapshot.position === null
      ? 'Kein Snapshot dieser Code-Version vorhanden.'
      : `Snapshot bei Position ${snapshot.position} plus Rest-Log gegen das ganze Log geprüft.`,
  );
  differences.push(...snapshot.differences);
  for (const d of differences) console.log(`✗ ${d.where}: ${d.detail}`);
  console.log(
    differences.length === 0
      ? '✓ Keine Abweichungen: der Abend entspricht seinem Log.'
      : `${differences.length} Abweichungen.`,
  );
  return differences.length === 0 ? 0 : 1;
}

function printReplay(result: Replay, total: number): void {
  console.log(
    `Abend ${result.nightId ?? '–'}, Quiz ${result.quizId ?? '–'}: ${result.folded} von ${total} Events gefaltet.`,
  );
  const points = result.points;
  if (points && points.sortedTeams.length > 0) {
    console.log(`\nPunkte (Runden ${points.rounds.join(', ')}):`);
    for (const row of points.sortedTeams)
      console.log(
        `  ${String(row.rank).padStart(3)}. ${row.name.padEnd(30)} ${row.rounds.map((p) => String(p).padStart(3)).join(' ')}  = ${row.total}`,
      );
  }
  console.log('\nViews:');
  console.log(JSON.stringify(result.views, null, 2));
}

/** The running server's views as its admin sees them, against the fold of the whole log. */
async function compareWithServer(url: string, live: Replay): Promise<Difference[]> {
  const password = process.env.ADMIN_PASSWORD;
  if (!password)
    return [{ where: 'server', detail: 'ADMIN_PASSWORD is not set: cannot log in to compare the running server.' }];
  const login = await fetch(`${url}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.ADMIN_LOGIN ?? 'admin', password }),
  });
  if (!login.ok) return [{ where: 'server', detail: `login failed with ${login.status}` }];
  const { token } = (await login.json()) as { token: string };
  const views = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'sa', id: 1, content: { token } }));
      socket.send(JSON.stringify({ type: 'sg', id: 2, content: {} }));
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { replyTo?: number; content: { views?: Record<string, unknown> } };
      if (frame.replyTo === 2) {
        socket.close();
        resolve(frame.content.views ?? {});
      }
    });
    socket.on('error', reject);
  });
  return [
    ...compareViews('server view global', live.views.global, views.global),
    ...compareViews('server view moderator', live.views.moderator, views.moderator),
    ...compareViews('server view tester', live.views.tester, views.tester),
  ];
}

function progress(total: number): ((done: number) => void) | undefined {
  if (total < 50_000) return undefined;
  return (done) =>
    process.stderr.write(`\rfalte ${done.toLocaleString('de-DE')} / ${total.toLocaleString('de-DE')} Events`);
}

/** The file's events, or why this code refuses it. */
async function readExport(file: string): Promise<NightExport | NightExportRefused> {
  try {
    return readNightExport(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof NightExportRefused) return error;
    throw error;
  }
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
