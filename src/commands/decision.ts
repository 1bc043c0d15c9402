import { CURRENT_VERSION, type Actor, type Draft, type EventOfType, type EventType, type QuizShowEvent } from '../../events';

/** Everything impure a decider needs comes in here: time, the acting user, fresh ids. */
export interface DecisionContext {
  /** epoch ms */
  readonly now: number;
  readonly actor: Actor;
  readonly newId: () => string;
  readonly commandId: string;
}

/** How the HTTP layer may map a rejection to a status code. */
export type RejectionReason = 'forbidden' | 'unauthenticated' | 'invalid' | 'conflict' | 'not_found' | 'precondition' | 'maintenance';

export interface Rejection {
  readonly ok: false;
  /** The German text shown to the user. */
  readonly message: string;
  readonly reason: RejectionReason;
}

/**
 * The streams whose state a rule read (ARCHITECTURE.md rule 6): stream ids, or categories written
 * `night-*`. The append goes through only if none of them moved since the decision.
 */
export type Boundary = readonly string[];

export interface Accepted {
  readonly ok: true;
  readonly stream: string;
  /** Empty when the command changes nothing (e.g. the mode it asks for is already set). */
  readonly events: QuizShowEvent[];
  readonly boundary: Boundary;
}

export type Decision = Accepted | Rejection;

/** What an area decider returns: events without metadata, stamped by decide(). */
export type Verdict =
  | { readonly ok: true; readonly stream: string; readonly drafts: Draft<QuizShowEvent>[] }
  | Rejection;

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
