/**
 * The envelope every event of the product travels in (ARCHITECTURE.md, rule 4).
 * `recordedAt` is epoch milliseconds taken from the command context, never from a clock here.
 */

export type Role = 'admin' | 'moderator' | 'tester';

export const ROLES: readonly Role[] = ['admin', 'moderator', 'tester'];

export interface Actor {
  /** null for visitors (public forms) and for the server's own scheduler. */
  readonly userId: string | null;
  readonly roles: readonly Role[];
}

export interface EventMetadata {
  readonly eventId: string;
  readonly commandId: string;
  /**
   * The conversation it belongs to, as KurrentDB names it: the id of the command a person (or the
   * console) sent, carried on to what the server did about it later (a countdown's expiry). Absent
   * on events stored before release 1.0: read them with `correlationOf`.
   */
  readonly correlationId?: string;
  /** What caused it directly: its command's id, or the event a scheduler acted on. Absent before 1.0: `causationOf`. */
  readonly causationId?: string;
  readonly actor: Actor;
  readonly recordedAt: number;
  readonly nightId?: string;
}

export interface EventEnvelope<Type extends string, Version extends number, Data> {
  readonly type: Type;
  readonly version: Version;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/** The event's correlation id; an event from before release 1.0 belongs to its own command. */
export function correlationOf(metadata: EventMetadata): string {
  return metadata.correlationId ?? metadata.commandId;
}

/** The event's causation id; an event from before release 1.0 was caused by its own command. */
export function causationOf(metadata: EventMetadata): string {
  return metadata.causationId ?? metadata.commandId;
}

/** An event before the command pipeline stamped its metadata: what a decider produces. */
export type Draft<E> = E extends EventEnvelope<infer T, infer V, infer D> ? { type: T; version: V; data: D } : never;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of the index-th event of a command. It derives from the command id alone, so a retried
 * command produces the same ids and the store appends nothing twice. For a UUID command id the
 * result is again a UUID (the last 16 bits count up), otherwise `<commandId>-<index>`.
 */
export function eventIdFor(commandId: string, index: number): string {
  if (!UUID.test(commandId)) return `${commandId}-${index}`;
  const tail = (parseInt(commandId.slice(-4), 16) + index) % 0x10000;
  return commandId.slice(0, -4) + tail.toString(16).padStart(4, '0');
}
