import { BACKWARDS, END, type KurrentDBClient, type Position } from '@kurrent/kurrentdb-client';

/*
 * Positions. ESDB addresses $all by {commit, prepare}, both byte offsets in its transaction log.
 * Every append over gRPC is an implicit transaction: each event is its own prepare record flagged
 * "committed", and $all reads and subscriptions report it at commit = prepare = the record's own log
 * position (server: AllReader, IndexCommitter). So events of one multi-event append do NOT share a
 * commit position; the append's reply carries the last event's. Only explicit transactions of the
 * legacy TCP API share one commit position, and this adapter never writes any.
 * Our number is therefore the commit position itself: unique and strictly increasing in $all order,
 * and {commit: n, prepare: n} is exactly the event's $all position again. Reading $all forward from
 * an event's position includes that event, so "after n" reads from n and drops n.
 * ESDB can only start reading at a record's position (it parses the log from there). A number that
 * is no record's position, such as lastPosition() - 1, is turned into the position of the last
 * record below it by reading $all backwards from the end; positions this store handed out recently
 * are remembered so that the common cases (resuming at a checkpoint, paging) skip that scan.
 */

/** The server sends -1 as an unsigned 64-bit number where it has no position (e.g. old servers on stream reads). */
export const NO_POSITION = 2n ** 63n;

/** The number of an event's $all position (see the note on positions at the top). */
export function allPosition(position: Position): number {
  if (position.commit !== position.prepare) {
    throw new Error(
      `Event at $all position ${position.commit}/${position.prepare} belongs to an explicit transaction, which this adapter does not support`,
    );
  }
  return toNumber(position.commit);
}

export function toEsdbPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

export function toNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Position ${value} exceeds the safe integer range`);
  return Number(value);
}

/** The $all position of the last record of any stream, 0 when the log is empty. */
export async function endOfLog(client: KurrentDBClient): Promise<number> {
  const [last] = await collect(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
  return last?.event ? toNumber(last.event.position.commit) : 0;
}

async function collect<E>(read: AsyncIterable<E>): Promise<E[]> {
  const items: E[] = [];
  for await (const item of read) items.push(item);
  return items;
}
