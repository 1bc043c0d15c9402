/** The HTTP calls of the app (PROTOCOL.md, HTTP table). */
import type { UploadKind } from '../../../events';
import type {
  FormReply,
  JsonApiDocument,
  QrTeamStatusReply,
  TeamListResource,
  TeamResource,
  TokenReply,
  UploadReply,
  UserResource,
} from '@wire/replies';
import { config } from '../config';

/** The server's appointment with its password hashing queue (docs/protocol.md, "Busy: retry with a wait"). */
export interface Appointment {
  retryAfterMs: number;
  ticket: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly appointment: Appointment | null = null,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/**
 * What the server said when it refused (its German `detail`: the reason, with the wait when there is
 * one), or the fallback when it said nothing readable (a network error, a proxy's page).
 */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.detail ? error.detail : fallback;
}

let currentToken: string | null = null;
let onUnauthorized: (() => void) | null = null;
/** Called when a request with a token answers 401: the token has ended (a role or password change, a logout everywhere). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}
/** The session module sets the token used for the Authorization header. */
export function setAuthToken(token: string | null): void {
  currentToken = token;
}

let onRenewedToken: (token: string) => void = () => undefined;
/** What the session does with a renewed login token (an answer's `X-Renewed-Token`, docs/protocol.md "Token renewal"). */
export function whenTokenRenewed(handler: (token: string) => void): void {
  onRenewedToken = handler;
}

interface ErrorBody {
  errors?: Array<{ detail?: string; meta?: { retry?: unknown; retryAfterMs?: unknown; ticket?: unknown } }>;
}

function appointmentOf(body: ErrorBody | null): Appointment | null {
  const meta = body?.errors?.[0]?.meta;
  if (meta?.retry !== true || typeof meta.retryAfterMs !== 'number' || typeof meta.ticket !== 'string') return null;
  return { retryAfterMs: meta.retryAfterMs, ticket: meta.ticket };
}

/** A body sent as it is, with its own content type (the TOML import). */
export class RawBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/** `ticket`: the hashing queue's ticket of an earlier answer, sent back as `X-Queue-Ticket` (see api/queue.ts). */
export async function request<T>(method: string, path: string, body?: unknown, ticket?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (currentToken) headers.Authorization = `Bearer ${currentToken}`;
  if (ticket) headers['X-Queue-Ticket'] = ticket;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof RawBody) {
    headers['Content-Type'] = body.contentType;
    payload = body.text;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, { method, headers, body: payload });
  const renewed = response.headers.get('X-Renewed-Token');
  if (renewed && currentToken) onRenewedToken(renewed);
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) {
    if (response.status === 401 && headers.Authorization) onUnauthorized?.();
    const detail = (json as ErrorBody | null)?.errors?.[0]?.detail ?? null;
    throw new HttpError(response.status, detail, appointmentOf(json as ErrorBody | null));
  }
  return json as T;
}

/** GET of a file (teams.txt, the results' CSV files) with the Authorization header, as a blob; a refusal carries the server's German `detail`. */
export async function requestBlob(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (currentToken) headers.Authorization = `Bearer ${currentToken}`;
  const response = await fetch(path, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new HttpError(response.status, body?.errors?.[0]?.detail ?? null);
  }
  return response.blob();
}

export const api = (path: string) => `${config.apiPrefix}${path}`;

/* ---------- session ---------- */

export async function postTokenAuth(
  body: { username: string; password: string } | { token: string },
  ticket?: string,
): Promise<string> {
  return (await request<TokenReply>('POST', config.tokenEndpoint, body, ticket)).token;
}

export interface UserRecord {
  id: string;
  login: string;
  name: string;
  email: string | null;
  shownEmailPopupAt: string | number | null;
  perm: string[];
  teamId: string | null;
}

/** The user as the app keeps it: the resource's attributes with the team's id. */
export function userRecordOf({ id, attributes, relationships }: UserResource): UserRecord {
  return { id, ...attributes, perm: [...attributes.perm], teamId: relationships.team.data?.id ?? null };
}

/** The spec: the current-token call answers a user resource; anything else is an error. */
export async function getCurrentUser(): Promise<UserRecord> {
  const document = await request<JsonApiDocument<UserResource>>('GET', api('/tokens/current'));
  if (!isUserResource(document?.data)) throw new Error('/api/tokens/current returned no user');
  return userRecordOf(document.data);
}

export function isUserResource(value: unknown): value is UserResource {
  if (typeof value !== 'object' || value === null) return false;
  const { type, id, attributes, relationships } = value as Partial<UserResource>;
  return (
    type === 'users' &&
    typeof id === 'string' &&
    typeof attributes === 'object' &&
    attributes !== null &&
    Array.isArray(attributes.perm) &&
    typeof relationships?.team === 'object' &&
    relationships.team !== null
  );
}

export async function registerUser(
  fields: { login: string; name: string; email?: string; newPassword: string },
  ticket?: string,
): Promise<void> {
  const attributes: Record<string, string> = {
    login: fields.login,
    name: fields.name,
    newPassword: fields.newPassword,
  };
  if (fields.email) attributes.email = fields.email;
  await request('POST', api('/users'), { data: { type: 'users', attributes } }, ticket);
}

/** PATCH /api/users/:id; after a password change the answer carries the new login token (the older ones have ended). */
/** DELETE /api/users/me: the user erases their own account (the current password confirms it). */
export async function eraseOwnAccount(currentPassword: string): Promise<void> {
  await request<null>('DELETE', api('/users/me'), { currentPassword });
}

export async function saveUser(
  id: string,
  attributes: {
    name?: string;
    newPassword?: string;
    currentPassword?: string;
    shownEmailPopupAt?: string;
    email?: string;
  },
): Promise<{ token: string | null }> {
  const reply = await request<{ meta?: { token?: string } }>('PATCH', api(`/users/${id}`), {
    data: { type: 'users', id, attributes },
  });
  return { token: reply?.meta?.token ?? null };
}

/* ---------- teams ---------- */

/** A team as the team-finding page shows it (GET /api/teams carries no more). */
export interface TeamRecord {
  id: string;
  name: string;
  stadt: string;
  url: string;
  isNew: boolean;
}

function teamRecordOf({ id, attributes: { name, stadt, url, isNew } }: TeamResource | TeamListResource): TeamRecord {
  return { id, name, stadt, url, isNew };
}

export async function listTeams(): Promise<TeamRecord[]> {
  return (await request<JsonApiDocument<TeamListResource[]>>('GET', api('/teams'))).data.map(teamRecordOf);
}

export async function createTeam(fields: {
  name: string;
  newPassword: string;
  stadt: string;
  beschreibung: string;
}): Promise<TeamRecord> {
  return teamRecordOf(
    (
      await request<JsonApiDocument<TeamResource>>('POST', api('/teams'), {
        data: { type: 'teams', attributes: fields },
      })
    ).data,
  );
}

/* ---------- uploads ---------- */

export type { UploadKind };

/** Multipart upload: `image` for one blob, or `image0..imageN`; optional `fileName`. Failures throw HttpError. */
export async function upload(
  kind: UploadKind,
  images: Blob[],
  options: { fileName?: string; single?: boolean } = {},
): Promise<UploadReply> {
  const form = new FormData();
  if (options.single && images.length === 1) form.append('image', images[0], 'image.png');
  else
    images.forEach((image, i) => form.append(`image${i}`, image, image instanceof File ? image.name : `image${i}.png`));
  if (options.fileName) form.append('fileName', options.fileName);
  return request<UploadReply>('POST', api(`/uploads/${kind}`), form);
}

/* ---------- public forms ---------- */

export async function sendGreeting(username: string, message: string): Promise<boolean> {
  return (await request<FormReply>('POST', api('/fqps/gruss/new'), { username, message })).success;
}

/** Whether a moderator is online, and whether registrations are open (an older server's reply without it: open). */
export async function qrTeamStatus(): Promise<{ online: boolean; registrationsOpen: boolean }> {
  const reply = await request<Partial<QrTeamStatusReply>>('GET', api('/fqps/team/status'));
  return { online: reply.success === true, registrationsOpen: reply.registrationsOpen !== false };
}

export async function createQrTeam(name: string, amount: string): Promise<boolean> {
  return (await request<FormReply>('POST', api('/fqps/team/new'), { name, amount })).success;
}
