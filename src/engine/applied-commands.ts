import { dropOldest } from '../../projections/live/state/present';

/**
 * How many of the most recent commands a process remembers to recognise a repeat (a client that
 * resends a command whose reply it never got). About 120 bytes each: 100,000 take about 12 MB. A
 * resend comes within seconds of a reconnect; 100,000 commands are several minutes of the busiest
 * moment of a night of 5,000 players, and nothing counts while the show is in maintenance or down.
 */
export const APPLIED_COMMANDS_WINDOW = 100_000;

/** Where a command's events lie in the log: the first one's position and how many (one append, so adjacent). */
export interface AppliedCommand {
  readonly first: number;
  readonly count: number;
}

/**
 * The commands whose events the live state folded, by command id (the events' metadata.commandId),
 * the most recent `window` of them. Rebuilt by the fold, so it survives restarts. A command older
 * than the window is decided again when repeated; its event ids derive from its command id, so the
 * store refuses to hold them twice (docs/protocol.md, "Limits").
 */
export class AppliedCommands {
  private readonly byId = new Map<string, { first: number; count: number }>();

  constructor(private readonly window = APPLIED_COMMANDS_WINDOW) {}

  get size(): number {
    return this.byId.size;
  }

  /** Records one folded event of a command (in log order). */
  record(commandId: string, position: number): void {
    const known = this.byId.get(commandId);
    if (known) {
      known.count++;
      return;
    }
    this.byId.set(commandId, { first: position, count: 1 });
    if (this.byId.size > this.window) dropOldest(this.byId);
  }

  find(commandId: string): AppliedCommand | undefined {
    return this.byId.get(commandId);
  }

  /** Oldest first, as a snapshot keeps them. */
  entries(): Array<[string, AppliedCommand]> {
    return [...this.byId].map(([id, { first, count }]) => [id, { first, count }]);
  }

  /** Takes over the commands a snapshot remembered (before anything is recorded). */
  restore(entries: ReadonlyArray<readonly [string, AppliedCommand]>): void {
    for (const [id, { first, count }] of entries.slice(-this.window)) this.byId.set(id, { first, count });
  }
}
