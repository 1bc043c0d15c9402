/** The flags every scale bench takes (docs/benchmarks.md). */

const args = process.argv.slice(2);

export function stringFlag(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
}

export function numberFlag(name: string, fallback: number): number {
  const value = Number(stringFlag(name, String(fallback)));
  if (!Number.isFinite(value)) throw new Error(`--${name} takes a number`);
  return value;
}

export function numberListFlag(name: string, fallback: number[]): number[] {
  return stringFlag(name, fallback.join(',')).split(',').map(Number);
}

export interface Placement {
  /** taskset CPU list for the server processes (ours and the raw `ws` reference), or null: not pinned. */
  serverCpus: string | null;
  /** taskset CPU list for the client worker processes, or null. */
  clientCpus: string | null;
  /** How many client worker processes share the players. */
  workers: number;
  /**
   * The client processes' `nice` (0: none): on a machine with few cores, clients at a lower priority
   * stand in for players on machines of their own, so the server is measured rather than the share of
   * the cores the simulated phones take from it. Their own timings then include their waiting for a core.
   * `idle` (Linux's SCHED_IDLE, `chrt --idle 0`): they get only the CPU time no other thread wants, the
   * nearest stand-in for phones elsewhere (a nice value, even 19, still takes a share from the server).
   */
  clientNice: number | 'idle';
}

export function placement(): Placement {
  return {
    serverCpus: stringFlag('server-cpus', '') || null,
    clientCpus: stringFlag('client-cpus', '') || null,
    workers: numberFlag('workers', 4),
    clientNice: stringFlag('client-nice', '') === 'idle' ? 'idle' : numberFlag('client-nice', 0),
  };
}

export function describePlacement(p: Placement): string {
  return `server cpus ${p.serverCpus ?? 'any'}, client cpus ${p.clientCpus ?? 'any'}, ${p.workers} client workers${p.clientNice === 'idle' ? ' at idle priority' : p.clientNice ? ` at nice ${p.clientNice}` : ''}`;
}

/** A markdown table, columns padded. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export function percentiles(values: number[]): { p50: number; p99: number; max: number } {
  if (values.length === 0) return { p50: NaN, p99: NaN, max: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

export const ratio = (ours: number, reference: number): string => (ours / reference).toFixed(2);
