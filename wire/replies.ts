/**
 * What the server answers, shared with the web app (PROTOCOL.md): the socket's snapshot,
 * pushes and command replies, and the bodies of the HTTP API. The server builds them (src/realtime,
 * src/http), the web app reads them as they are; neither guesses the other's shape.
 */
import type { PointsTable, Question, Role } from '../events';
import type { NightSummary } from '../projections/live/state/state';
import type { OperatorView } from '../projections/live/views/operator-view';
import type { OverlayView } from '../projections/live/views/overlay-view';
import type {
  GlobalView,
  ModeratorView,
  TeamView,
  TesterAnswerView,
  TesterView,
  UserView,
} from '../projections/live/views/views';

/* ---------- socket: views ---------- */

/** The view of each scope a client may be sent (PROTOCOL.md, "Views"). */
export interface ViewOfScope {
  global: GlobalView;
  team: TeamView;
  user: UserView;
  moderator: ModeratorView;
  tester: TesterView;
  operator: OperatorView;
  /** Only a stream overlay page's socket (`sa` with `overlay`) receives it, and nothing else. */
  overlay: OverlayView;
}

export type ViewScope = keyof ViewOfScope;

export const VIEW_SCOPES: readonly ViewScope[] = [
  'global',
  'team',
  'user',
  'moderator',
  'tester',
  'operator',
  'overlay',
];

/**
 * `sg`'s optional content `{scopes}`: the snapshot holds only these of the socket's scopes (a screen
 * loads the views it shows); without it, every scope the socket receives. Pushes are not filtered.
 */
export interface SnapshotRequest {
  scopes?: ViewScope[];
}

/** The scopes named in an `sg` request, or null when `scopes` is not a list of scope names. */
export function requestedScopes(scopes: unknown): ReadonlySet<ViewScope> | null {
  if (!Array.isArray(scopes) || scopes.length > VIEW_SCOPES.length * 2) return null;
  const named = new Set<ViewScope>();
  for (const scope of scopes) {
    if (!(VIEW_SCOPES as readonly unknown[]).includes(scope)) return null;
    named.add(scope as ViewScope);
  }
  return named;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One RFC 6902 operation of a push's patch. */
export type PatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: JsonValue }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string }
  | { op: 'test'; path: string; value: JsonValue };

/** `sg`: every view the client may see as it stands (null: none for this viewer), and the versions later pushes build on. */
export interface SnapshotReply {
  serverTime: number;
  views: { [S in ViewScope]?: ViewOfScope[S] | null };
  versions: { [S in ViewScope]?: number };
}

/** `st`: a scope's next version, as its whole value (null: the viewer lost the scope) or as a patch against the version before. */
export type StatePush =
  | { scope: ViewScope; version: number; value: ViewOfScope[ViewScope] | null }
  | { scope: ViewScope; version: number; patch: PatchOperation[] };

/* ---------- socket: command replies ---------- */

/** An entry of an upload folder (`muf`). */
export interface FolderEntry {
  name: string;
  isFile: boolean;
  /** mph: a picture a moderator hid from players (the viewer shows it marked, the presentation skips it). */
  hidden?: true;
}

/** What a successful reply carries besides `success`, by message code; every other code answers `{success: true}` alone. */
export interface CommandReplyExtras {
  sg: SnapshotReply;
  /** A player's token older than a day comes back renewed (docs/protocol.md, "Token renewal"): the client keeps it instead. */
  sa: { token?: string };
  /** Invite and login links: a one-time token. */
  gl: { token: string };
  ati: { token: string };
  ali: { token: string };
  /** The answers of the quiz to check. */
  ta: { answers: TesterAnswerView[] };
  /** The points overview of a quiz. */
  mup: PointsTable;
  muf: { folder: FolderEntry[] };
}

/** The reply to a command: success with the code's extras, or failure with the German message. */
export type CommandReply<Code extends string = string> =
  | ({ success: true; message?: undefined } & (Code extends keyof CommandReplyExtras
      ? CommandReplyExtras[Code]
      : unknown))
  /**
   * `retry`: nothing happened (the server could not reach its database, or its password hashing queue is
   * full); the same command (same commandId) may be sent again, after `retryAfterMs` when it says so.
   */
  | { success: false; message: string; retry?: true; retryAfterMs?: number };

/* ---------- HTTP ---------- */

/** POST /api/token-auth/ */
export interface TokenReply {
  token: string;
}

/** A JSON:API document of one resource or a list. */
export interface JsonApiDocument<Data> {
  data: Data;
}

export interface UserResource {
  type: 'users';
  id: string;
  attributes: {
    login: string;
    name: string;
    email: string | null;
    shownEmailPopupAt: string | null;
    perm: Role[];
    blocked: boolean;
  };
  relationships: { team: { data: { type: 'teams'; id: string } | null } };
}

/** A team's public fields: never its password. */
export interface TeamResource {
  type: 'teams';
  id: string;
  /** `number`: the short team number players join with (`gj`). */
  attributes: {
    name: string;
    lowerName: string;
    number: number;
    stadt: string;
    beschreibung: string;
    url: string;
    isNew: boolean;
    memberCount: number;
  };
  relationships: { members: { data: Array<{ type: 'users'; id: string }> } };
}

/**
 * GET /api/teams: what the team-finding page shows (name, city, picture, whether the team is new),
 * nothing more: the list is fetched by every player and 1,000 teams at their fields' maxima stay
 * small (docs/benchmarks.md). Operators also get the members (the moderator's team-member removal).
 */
export interface TeamListResource {
  type: 'teams';
  id: string;
  attributes: { name: string; stadt: string; url: string; isNew: boolean };
  relationships?: TeamResource['relationships'];
}

export interface QuizResource {
  type: 'quizzes';
  id: string;
  attributes: { name: string; yearWeek: string; content: readonly Question[] };
}

/** POST /api/quizzes/import: the quiz a TOML file holds, normalised as a save would store it; nothing is saved. */
export interface QuizImportPreview {
  name: string;
  yearWeek: string;
  content: Question[];
}

/** POST /api/uploads/:kind */
export interface UploadReply {
  success: true;
  fileNames: string[];
}

/** The public forms (fqps): whether it worked, or for the team status whether a moderator is online. */
export interface FormReply {
  success: boolean;
}

/** GET /api/fqps/team/status: a moderator is online (`success`), and whether registrations are open (the QR form's rule, read before typing). */
export interface QrTeamStatusReply extends FormReply {
  registrationsOpen: boolean;
}

/** POST /api/overlay-links (admin): the new stream overlay link and its address, which holds the link's secret token. */
export interface OverlayLinkCreatedReply {
  id: string;
  url: string;
}

/** GET /api/overlay-links (admin): one working link, oldest first; `createdBy`: the admin's name now. */
export interface OverlayLinkEntry {
  id: string;
  url: string;
  /** ISO 8601. */
  createdAt: string;
  createdBy: string | null;
}

/** GET /api/nights: the nights with their quiz's name (null when the quiz is gone). */
export interface NightListEntry extends NightSummary {
  quizName: string | null;
}

/** GET /api/about (anyone): the server's release and its public origin (PUBLIC_URL; null: the page's own origin is the show's). */
export interface AboutReply {
  version: string;
  publicUrl: string | null;
}
