import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeState, encodeStateInPieces, type LiveState } from '../../projections/live';
import type { SqlDatabase } from '../store/sql/sql-database';
import type { AppliedCommand } from './applied-commands';

/** A saved live state: the fold of every event up to `position`, each stream's revision and the recent commands there. */
export interface Snapshot {
  position: number;
  state: LiveState;
  revisions: Map<string, number>;
  appliedCommands: Array<[string, AppliedCommand]>;
}

/** Changes when what a snapshot row holds changes (src/engine is not part of the engine code's hash). */
const SNAPSHOT_FORMAT = 2;

/** Snapshots kept per code version (the newest; an older one is a fallback only while a newer is written). */
const KEEP = 2;
/** Longest stretch of encoding between two turns of the event loop while saving. */
const SLICE_MS = 5;

/**
 * Where live-state snapshots are kept (ARCHITECTURE.md rule 10): in the SQL database beside the read
 * projections, whatever the event store. A snapshot counts only for the code version that wrote it:
 * the hash of the engine's own code (events/ and projections/live/), so any change to how events
 * fold makes older snapshots invisible instead of trusted. The table `live_snapshots` comes from the
 * write side's migrations (src/store/sql/migrations.ts); its `revisions` column holds
 * `{revisions: {stream: revision}, appliedCommands: [[commandId, {first, count}]]}`.
 */
export class SnapshotStore {
  /** No snapshot below this position is written any more: an erasure happened there (discardBefore). */
  private floor = 0;
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: SqlDatabase,
    readonly codeVersion: string,
  ) {}

  static async open(db: SqlDatabase, codeVersion = engineCodeVersion()): Promise<SnapshotStore> {
    return new SnapshotStore(db, codeVersion);
  }

  /** The newest snapshot of this code version, or null; one that cannot be read is ignored. */
  async latest(): Promise<Snapshot | null> {
    const [row] = await this.db.query<{ position: string | number; state: string; revisions: string }>(
      'SELECT position, state, revisions FROM live_snapshots WHERE code_version = $1 ORDER BY position DESC LIMIT 1',
      [this.codeVersion],
    );
    if (!row) return null;
    try {
      const extras = JSON.parse(row.revisions) as {
        revisions: Record<string, number>;
        appliedCommands: Array<[string, AppliedCommand]>;
      };
      return {
        position: Number(row.position),
        state: decodeState(row.state),
        revisions: new Map(Object.entries(extras.revisions)),
        appliedCommands: extras.appliedCommands,
      };
    } catch {
      return null;
    }
  }

  /** Writes the state in slices of a few milliseconds, so that pushes and commands go on meanwhile. */
  async save(
    position: number,
    state: LiveState,
    revisions: ReadonlyMap<string, number>,
    appliedCommands: Array<[string, AppliedCommand]> = [],
  ): Promise<void> {
    const pieces: string[] = [];
    let sliceStart = performance.now();
    for (const piece of encodeStateInPieces(state)) {
      pieces.push(piece);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    const revisionsText = JSON.stringify({ revisions: Object.fromEntries(revisions), appliedCommands });
    if (position < this.floor) return;
    const write = this.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO live_snapshots (code_version, position, state, revisions) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [this.codeVersion, position, pieces.join(''), revisionsText],
      );
      await tx.query(
        `DELETE FROM live_snapshots WHERE code_version <> $1
           OR position NOT IN (SELECT position FROM live_snapshots WHERE code_version = $1 ORDER BY position DESC LIMIT ${KEEP})`,
        [this.codeVersion],
      );
    });
    this.writing = write.catch(() => undefined);
    await write;
  }

  /**
   * A person was erased at `position`: every snapshot before it still names them, so it goes, and none
   * before it is written afterwards (a save that was under way finishes first, then goes too).
   */
  async discardBefore(position: number): Promise<void> {
    this.floor = Math.max(this.floor, position);
    await this.writing;
    await this.db.query('DELETE FROM live_snapshots WHERE position < $1', [position]);
  }
}

/** The hash of the engine's code: every file of events/ and projections/live/, as this process loaded them. */
export function engineCodeVersion(): string {
  const hash = createHash('sha256').update(`snapshot format ${SNAPSHOT_FORMAT}\0`);
  const projectRoot = path.resolve(__dirname, '..', '..');
  for (const folder of ['events', path.join('projections', 'live')]) {
    for (const file of filesUnder(path.join(projectRoot, folder))) {
      hash.update(path.relative(projectRoot, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'recordings') out.push(...filesUnder(full));
    } else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.map')) {
      out.push(full);
    }
  }
  return out;
}
