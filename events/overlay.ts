import type { EventEnvelope } from './envelope';

/**
 * The stream overlay's secret links (PROTOCOL.md wave 4, "Stream overlay"). The events hold the
 * link's id and who acted, never the link's token: the token is derived from the id with the server's
 * secret (src/auth/overlay-tokens.ts) and exists only in the admin's copy of the address.
 */
export type OverlayLinkCreated = EventEnvelope<'OverlayLinkCreated', 1, { linkId: string; createdBy: string | null }>;
/** The link stops at once: its pages' sockets close and a new page with it shows nothing. */
export type OverlayLinkRevoked = EventEnvelope<'OverlayLinkRevoked', 1, { linkId: string; revokedBy: string | null }>;

export type OverlayEvent = OverlayLinkCreated | OverlayLinkRevoked;
