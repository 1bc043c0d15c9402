import {
  CURRENT_VERSION,
  type Actor,
  type Draft,
  type EventOfType,
  type EventType,
  type QuizShowEvent,
} from '../../events';

/** Everything impure a decider needs comes in here: time, the acting user, fresh ids. */
export interface DecisionContext {
  /** epoch ms */
  readonly now: number;
  readonly actor: Actor;
  readonly newId: () => string;
  readonly commandId: string;
  /** The events' correlation and causation ids when not the command's own (a scheduler acting on an event). */
  readonly cause?: EventCause;
}

/** Where a command came from when the server sent it itself: the event it acted on, and that event's correlation. */
export interface EventCause {
  readonly causationId: string;
  readonly correlationId: string;
}

/**
 * How the HTTP layer may map a rejection to a status code. `unavailable`: the pipeline's, not a
 * rule's (the store failed or kept losing races; nothing was stored). `limited`: the pipeline's too
 * (the user's budget of appended bytes is spent).
 */
export type RejectionReason =
  | 'forbidden'
  | 'unauthenticated'
  | 'invalid'
  | 'conflict'
  | 'not_found'
  | 'precondition'
  | 'maintenance'
  | 'unavailable'
  | 'limited';

/** The one refusal from rule to reply: the edge, the rule and the pipeline all answer with it. */
export interface Rejection {
  readonly ok: false;
  /** The German text shown to the user. */
  readonly message: string;
  readonly reason: RejectionReason;
  /** The client should send the same command again (same commandId): the database is away. */
  readonly retry?: true;
}

/**
 * What a rule read (ARCHITECTURE.md rule 6): whole streams (ids, or categories written `night-*`), or
 * only some event types of some streams (and of those, with `team`, only the events about one team).
 * The append goes through only if no event of the boundary was stored since the decision.
 */
export type Boundary = readonly BoundaryPart[];
export type BoundaryPart = string | EventQuery;

/** Events of some streams of some types; with `team`, only those whose data's teamId is it (the store's EventQuery). */
export interface EventQuery {
  readonly streams: readonly string[];
  readonly types: readonly string[];
  readonly team?: string;
}

/** The append condition of one or more boundaries (a batch's): whole streams, and the queries, each once. */
export function appendConditionOf(
  boundary: Boundary,
  after: number,
): { after: number; streams: string[]; queries: EventQuery[] } {
  const wholeStreams = new Set<string>();
  const queries = new Map<string, EventQuery>();
  for (const part of boundary) {
    if (typeof part === 'string') wholeStreams.add(part);
    else queries.set(JSON.stringify(part), part);
  }
  return { after, streams: [...wholeStreams], queries: [...queries.values()] };
}

/** A decision to append: not yet durable (the pipeline's CommandOutcome says when it is). */
export interface Accepted {
  readonly ok: true;
  readonly stream: string;
  /** Empty when the command changes nothing (e.g. the mode it asks for is already set). */
  readonly events: QuizShowEvent[];
  readonly boundary: Boundary;
}

export type Decision = Accepted | Rejection;

/**
 * What a rule returns: event drafts for one stream, without metadata. decide() stamps them (ids from
 * the command id, actor, time, night) and adds the boundary the entry names: an Accepted decision.
 */
export type Verdict =
  { readonly ok: true; readonly stream: string; readonly drafts: Draft<QuizShowEvent>[] } | Rejection;

export function reject(message: string, reason: RejectionReason = 'invalid'): Rejection {
  return { ok: false, message, reason };
}

export function accept(stream: string, ...drafts: Draft<QuizShowEvent>[]): Verdict {
  return { ok: true, stream, drafts };
}

export function isRejection(value: unknown): value is Rejection {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** An event draft in the current version of its type. */
export function draft<T extends EventType>(type: T, data: EventOfType<T>['data']): Draft<QuizShowEvent> {
  return { type, version: CURRENT_VERSION[type], data } as Draft<QuizShowEvent>;
}
