/**
 * A socket message as the router reads it (PROTOCOL.md): the envelope parsed from a frame, and the
 * reply content it answers with. Nothing here knows a socket.
 */
import type { Rejection } from '../commands';
import { SOCKET_TEXTS } from '../edge-texts';

/** Longest `commandId` a client may send (PROTOCOL.md: e.g. a UUID). */
export const MAX_COMMAND_ID_LENGTH = 64;

export interface Envelope {
  type: string;
  id: unknown;
  content: Record<string, unknown> | undefined;
  /** The client's id of the command: the same one from the same user is the same command. */
  commandId: string | undefined;
}

/** A reply's content already serialized, in pieces: the `sg` snapshot, made of the per-scope JSON the hub keeps. */
export class SerializedContent {
  constructor(readonly parts: Array<string | Buffer>) {}
}

export type ReplyContent = Record<string, unknown> | SerializedContent;

/** A refusal's reply: the German text, and `retry` when the client should send the same command again. */
export function refusal(rejection: Rejection): Record<string, unknown> {
  return { success: false, message: rejection.message, ...(rejection.retry ? { retry: true } : {}) };
}

/** The envelope, or what is wrong with the frame (with its id when that much could be read). */
export function parseEnvelope(raw: string): Envelope | { problem: string; id: unknown } {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return { problem: SOCKET_TEXTS.notJson, id: null };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return { problem: SOCKET_TEXTS.badEnvelope, id: null };
  const { type, id, content, commandId } = message as Record<string, unknown>;
  if (typeof type !== 'string' || type.length === 0 || type.length > 20)
    return { problem: SOCKET_TEXTS.badEnvelope, id };
  if (content !== undefined && content !== null && (typeof content !== 'object' || Array.isArray(content)))
    return { problem: SOCKET_TEXTS.badContent, id };
  if (
    commandId !== undefined &&
    commandId !== null &&
    (typeof commandId !== 'string' || commandId.length === 0 || commandId.length > MAX_COMMAND_ID_LENGTH)
  ) {
    return { problem: SOCKET_TEXTS.badCommandId, id };
  }
  return {
    type,
    id,
    content: (content ?? undefined) as Record<string, unknown> | undefined,
    commandId: commandId ?? undefined,
  };
}
