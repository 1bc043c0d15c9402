/**
 * Nothing unbounded enters the log (ARCHITECTURE.md rule 14, PROTOCOL.md wave 4): the one table of
 * maxima of every free-text and list field that can enter an event or a push. The command table's
 * parsers and rules check commands with it, the HTTP DTOs check bodies with it, and the web app's
 * inputs take their maxLength from it. Limits apply to commands only: an event stored before a limit
 * existed folds and replays as it is.
 */

export const FIELD_MAXIMA = {
  /** Display names, team names, greeting names. */
  name: 50,
  /** Proposals, team chat, lobby chat. */
  message: 1_000,
  greeting: 500,
  answerRegex: 500,
  /** A drawn answer (zeichnen): points in all strokes, strokes. */
  drawingPoints: 3_000,
  drawingStrokes: 300,
  teamCity: 100,
  teamDescription: 1_000,
  /** https, or an upload of the team. */
  teamUrl: 2_000,
  login: 100,
  /** RFC 5321's longest path. */
  email: 254,
  /** The pause upload's resolution (kind user) or any upload's name. */
  uploadLabel: 200,
  /** mumm: HTML an operator writes (sanitised where shown). */
  uberMessage: 10_000,
  /** ao: HTML an operator writes (sanitised where shown). */
  overviewMessage: 10_000,
  /** aff: the feature flags' JSON text (admin). */
  featureFlags: 10_000,
  /** mua: https or an upload. */
  strokeUrl: 2_000,
  /** Strokes of the moderator's painting until it is cleared (muc). */
  paintingStrokes: 5_000,
  /** Show settings (PUT /api/show-settings). Twitch allows 25; some room for other services' channel names. */
  settingsChannel: 50,
  settingsUrl: 2_000,
  /** A social link's label, a date's title. */
  settingsLabel: 100,
  settingsHostName: 50,
  settingsLinks: 10,
  /** A year of weekly nights. */
  settingsDates: 52,
  /** The show's name (header, page title, overlay, the web app manifest). */
  settingsShowName: 60,
  /** The stream overlay's parts (each at most once). */
  settingsOverlayParts: 5,
  /** The Impressum and the Datenschutzerklärung, each (HTML the admin writes, sanitised where shown). */
  settingsLegalText: 20_000,
  /** Stream overlay links not revoked: a show needs one per broadcast tool, a few at most. */
  overlayLinks: 20,
} as const;

export type LimitedField = keyof typeof FIELD_MAXIMA;

/** The text fields a refusal names, as a German sentence starts ("Die Stadt …"). */
const FIELD_NAMES = {
  name: 'Der Name',
  message: 'Die Nachricht',
  greeting: 'Die Nachricht',
  answerRegex: 'Der reguläre Ausdruck',
  teamCity: 'Die Stadt des Teams',
  teamDescription: 'Die Beschreibung des Teams',
  teamUrl: 'Die Bildadresse des Teams',
  login: 'Der Nutzername',
  email: 'Die E-Mail-Adresse',
  uploadLabel: 'Der Name des Uploads',
  uberMessage: 'Die Uber-Nachricht',
  overviewMessage: 'Die Übersichtsnachricht',
  featureFlags: 'Der Text der Feature-Flags',
  strokeUrl: 'Die Bildadresse des Strichs',
} as const satisfies Partial<Record<LimitedField, string>>;

export type LimitedTextField = keyof typeof FIELD_NAMES;

/** 10000 as "10.000": German digit grouping, the same on every machine (no Intl data needed). */
export function germanNumber(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export const FIELD_LIMIT_TEXTS = {
  tooLong: (field: LimitedTextField) =>
    `${FIELD_NAMES[field]} darf höchstens ${germanNumber(FIELD_MAXIMA[field])} Zeichen lang sein.`,
  teamUrlInvalid:
    'Die Bildadresse des Teams muss mit https:// beginnen oder ein Bild sein, das euer Team hochgeladen hat.',
  strokeUrlInvalid: 'Die Bildadresse des Strichs muss mit https:// beginnen oder ein hochgeladenes Bild sein.',
  strokeColorInvalid: 'Die Farbe des Strichs muss als #rrggbb angegeben werden (z. B. #1a2b3c).',
  paintingFull: `Das Bild hat schon ${germanNumber(FIELD_MAXIMA.paintingStrokes)} Striche (höchstens ${germanNumber(FIELD_MAXIMA.paintingStrokes)}). Bitte leere es zuerst.`,
} as const;

/** The German refusal when a text is longer than its field's maximum, else null. */
export function tooLongProblem(field: LimitedTextField, value: string): string | null {
  return value.length > FIELD_MAXIMA[field] ? FIELD_LIMIT_TEXTS.tooLong(field) : null;
}

/** The first refusal of several fields, in order, else null. */
export function firstTooLong(fields: ReadonlyArray<readonly [LimitedTextField, string]>): string | null {
  for (const [field, value] of fields) {
    const problem = tooLongProblem(field, value);
    if (problem) return problem;
  }
  return null;
}

/** One uploaded file's most bytes. */
export const UPLOAD_MAX_BYTES = 10_000_000;

/** Stored upload names: <kind>/<team or user id>/<uuid>.<ext> (src/http/uploads.controller.ts chooses them). */
const UPLOAD_NAME = /^(team|question|user|show)\/([\w-]{1,64})\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** The owner folder of a stored upload name (a team's or a user's id), or null when it is none. */
export function uploadOwnerOf(name: string): { kind: string; owner: string } | null {
  const [, kind, owner] = UPLOAD_NAME.exec(name) ?? [];
  return kind !== undefined && owner !== undefined ? { kind, owner } : null;
}

/** A complete https address (scheme, host, no whitespace). */
export function isHttpsAddress(text: string): boolean {
  if (!/^https:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * gu, team creation: empty, an https address, or an upload of this team (kind team, in its folder;
 * `teamId` null: a team not yet created has none).
 */
export function teamUrlProblem(url: string, teamId: string | null): string | null {
  if (url === '') return null;
  const tooLong = tooLongProblem('teamUrl', url);
  if (tooLong) return tooLong;
  if (isHttpsAddress(url)) return null;
  const upload = uploadOwnerOf(url);
  return upload && upload.kind === 'team' && teamId !== null && upload.owner === teamId
    ? null
    : FIELD_LIMIT_TEXTS.teamUrlInvalid;
}

/** mua: the stroke's picture (empty, https or an upload) and its colour (#rrggbb). */
export function strokeProblem(url: string, color: string): string | null {
  if (url !== '') {
    const tooLong = tooLongProblem('strokeUrl', url);
    if (tooLong) return tooLong;
    if (!isHttpsAddress(url) && !uploadOwnerOf(url)) return FIELD_LIMIT_TEXTS.strokeUrlInvalid;
  }
  return /^#[0-9a-fA-F]{6}$/.test(color) ? null : FIELD_LIMIT_TEXTS.strokeColorInvalid;
}
