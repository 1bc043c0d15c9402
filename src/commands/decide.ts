import { eventIdFor, streams, type Actor, type EventType, type QuizShowEvent } from '../../events';
import { isMaintenance, type LiveState } from '../../projections/live';
import type { Command, CommandInput, CommandType } from './commands';
import {
  reject,
  type Boundary,
  type BoundaryPart,
  type Decision,
  type DecisionContext,
  type Rejection,
} from './decision';
import { hasInvalidText } from './fields';
import type { Access } from './entry';
import { entryOf } from './table';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const DECIDE_COMMAND_TEXTS = {
  // from the spec, verbatim
  maintenance: SHARED_TEXTS.maintenance,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  unknownCommand: 'Diesen Befehl gibt es nicht.',
  invalidText: 'Der Text enthält ungültige Zeichen.',
} as const;

/** Every rule reads whether the show is in maintenance (the show stream's other events only where its entry says so). */
const MAINTENANCE: BoundaryPart = {
  streams: [streams.show],
  types: ['MaintenanceStarted', 'MaintenanceEnded'] satisfies EventType[],
};
const NIGHT_STREAM = /^night-(.+)$/;

/**
 * Whether an actor may send a command of this access; the German rejection if not. An actor without
 * a user but with roles is the server's console (`npm run user`), which only code on the server makes.
 */
export function accessDenied(access: Access, actor: Actor): Rejection | null {
  if (access === 'anyone') return null;
  if (actor.userId === null && (access === 'user' || actor.roles.length === 0))
    return reject(texts.notAuthenticated, 'unauthenticated');
  if (access === 'user' || access.anyOf.some((role) => actor.roles.includes(role))) return null;
  return reject(texts.forbidden, 'forbidden');
}

/**
 * The edge: wire content (with its command type) from an actor becomes a typed command, or the
 * German rejection: unknown type, maintenance, not allowed for this actor, text that no store can
 * hold (a NUL or an unpaired surrogate in any field, nested content included), or content the parser
 * refuses (in this order: during maintenance every client hears the same).
 */
export function admit(state: LiveState, input: CommandInput, actor: Actor): Command | Rejection {
  const entry = entryOf(String(input.type));
  if (!entry) return reject(DECIDE_COMMAND_TEXTS.unknownCommand);
  if (blockedByMaintenance(state, entry.duringMaintenance, actor))
    return reject(DECIDE_COMMAND_TEXTS.maintenance, 'maintenance');
  return accessDenied(entry.access, actor) ?? invalidTextRejection(input) ?? entry.parse(input);
}

/** One rule for every text field: a NUL or an unpaired surrogate anywhere is refused before parsing. */
export function invalidTextRejection(content: unknown): Rejection | null {
  return hasInvalidText(content) ? reject(DECIDE_COMMAND_TEXTS.invalidText) : null;
}

/** During maintenance everything is refused except what its entry lets through (`duringMaintenance`: an admin's reconnect-at, ara). */
function blockedByMaintenance(state: LiveState, exempt: Access | undefined, actor: Actor): boolean {
  if (!isMaintenance(state)) return false;
  return exempt === undefined || accessDenied(exempt, actor) !== null;
}

/**
 * The one entry of the write side: a typed command against the live state gives the events to
 * append to one stream and the boundary its rule read, or a rejection with the German text for the
 * user. Pure: time, ids and the actor come from ctx; event ids derive from ctx.commandId so that a
 * retry appends nothing twice.
 */
export function decide(state: LiveState, command: Command, ctx: DecisionContext): Decision {
  const entry = entryOf(command.type as CommandType);
  if (!entry) return reject(DECIDE_COMMAND_TEXTS.unknownCommand);
  if (blockedByMaintenance(state, entry.duringMaintenance, ctx.actor))
    return reject(DECIDE_COMMAND_TEXTS.maintenance, 'maintenance');
  const refused = accessDenied(entry.access, ctx.actor);
  if (refused) return refused;
  const verdict = entry.rule(state, command, ctx);
  if (!verdict.ok) return verdict;
  const nightId = NIGHT_STREAM.exec(verdict.stream)?.[1];
  const actor = { userId: ctx.actor.userId, roles: [...ctx.actor.roles] };
  const events = verdict.drafts.map(
    (d, i) =>
      ({
        ...d,
        metadata: {
          eventId: eventIdFor(ctx.commandId, i),
          commandId: ctx.commandId,
          correlationId: ctx.cause?.correlationId ?? ctx.commandId,
          causationId: ctx.cause?.causationId ?? ctx.commandId,
          actor,
          recordedAt: ctx.now,
          ...(nightId === undefined ? {} : { nightId }),
        },
      }) as QuizShowEvent,
  );
  return { ok: true, stream: verdict.stream, events, boundary: boundaryOf(state, command, ctx.actor.userId) };
}

/** What a command's rule reads (the append condition names it): the show's maintenance events and its entry's boundary. */
export function boundaryOf(state: LiveState, command: Command, actorId: string | null): Boundary {
  return [MAINTENANCE, ...entryOf(command.type as CommandType).boundary(command as never, state, actorId)];
}

/** admit and decide in one go: what tests and tools do with wire-shaped input. */
export function decideInput(state: LiveState, input: CommandInput, ctx: DecisionContext): Decision {
  const command = admit(state, input, ctx.actor);
  return 'type' in command ? decide(state, command, ctx) : command;
}
