/** The stream overlay's links over HTTP (admin; PROTOCOL.md wave 4). */
import type { OverlayLinkCreatedReply, OverlayLinkEntry } from '@wire/replies';
import { api, request } from './http';

export function listOverlayLinks(): Promise<OverlayLinkEntry[]> {
  return request<OverlayLinkEntry[]>('GET', api('/overlay-links'));
}

export function createOverlayLink(): Promise<OverlayLinkCreatedReply> {
  return request<OverlayLinkCreatedReply>('POST', api('/overlay-links'));
}

export function revokeOverlayLink(id: string): Promise<void> {
  return request<void>('DELETE', api(`/overlay-links/${encodeURIComponent(id)}`));
}
