import { statfs } from 'node:fs/promises';

/** Free bytes of the file system holding `dir`, as an unprivileged process may use them. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Keeps the disk of the uploads folder above a floor of free bytes (UPLOADS_MIN_FREE_BYTES): with the
 * embedded store the same DATA_DIR holds the database, and a full disk stops the show. Every upload
 * claims its bytes here before it writes them. Claims are checked one at a time, each against the
 * free space read at that moment less the bytes this process has claimed and not yet released: bytes
 * already written are then counted twice (in the free space and in the claim) until their request
 * ends, which errs on the side of the floor. A release waits its turn too, so a reading of the free
 * space never misses bytes whose claim was released before it.
 */
export class DiskFloor {
  private claimed = 0;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dir: string,
    readonly floorBytes: number,
    private readonly free: (dir: string) => Promise<number> = freeBytes,
  ) {}

  /** Claims `bytes`; false (claiming nothing) when they would take the disk below the floor. */
  claim(bytes: number): Promise<boolean> {
    return this.inTurn(async () => {
      const available = (await this.free(this.dir)) - this.claimed - this.floorBytes;
      if (bytes > available) return false;
      this.claimed += bytes;
      return true;
    });
  }

  /** The bytes of a claim are written and counted by the file system now, or were never written. */
  release(bytes: number): Promise<void> {
    return this.inTurn(async () => {
      this.claimed = Math.max(0, this.claimed - bytes);
    });
  }

  /** Whether an upload could start now (one step of `bytes` above the floor), without claiming. */
  async roomFor(bytes: number): Promise<boolean> {
    return (await this.free(this.dir)) - this.claimed - this.floorBytes >= bytes;
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.turn.then(work, work);
    this.turn = next.catch(() => undefined);
    return next;
  }
}
