/** Proposals and chat entries: how long one may be, and how many a team may add in one play. */
import { FIELD_MAXIMA } from './field-limits';

/**
 * Proposals and chat entries (team and lobby) are at most this long: an answer is a few words, a chat
 * entry a sentence or two; 300 such entries keep a team's view well below a megabyte (docs/protocol.md, Limits).
 */
export const MESSAGE_MAX_LENGTH = FIELD_MAXIMA.message;
/**
 * Proposals and chat entries a team may add in one play (one question, with the chat until the next
 * starts); deleted ones count. Eight members typing one every three seconds for a minute make 160.
 */
export const MAX_TEAM_ENTRIES_PER_QUESTION = 300;
