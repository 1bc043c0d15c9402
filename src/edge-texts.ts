/**
 * The texts of the edge: HTTP and WebSocket refusals that belong to no rule (a body of the wrong
 * shape, a missing login, an unreadable frame). A rule's texts live beside the rule, a limit's beside
 * the limit (src/limits/), and what the web app shows too in wire/shared-texts.ts.
 */
import { SHARED_TEXTS } from '../wire/shared-texts';
import { texts } from './commands/texts';
import { IDENTITY_COMMAND_TEXTS } from './commands/identity';
import { PASSWORD_RESET_TEXTS } from './commands/password-reset';

/** German texts for a field of the wrong type, where the spec has none (docs/decisions/ecosystem.md, "Request DTOs"). */
export const FIELD_TEXTS = {
  notText: (field: string) => `Das Feld "${field}" muss ein Text sein.`,
  notTextOrNumber: (field: string) => `Das Feld "${field}" muss ein Text oder eine Zahl sein.`,
  notList: (field: string) => `Das Feld "${field}" muss eine Liste von Fragen (oder ihr JSON-Text) sein.`,
} as const;

/** Shapes only: what the addresses, dates and lengths must be is the rule's (projections/live/rules/show-settings.ts). */
export const SHOW_SETTINGS_FIELD_TEXTS = {
  notList: (field: string) => `Das Feld "${field}" muss eine Liste sein.`,
  notEntries: (field: string, entry: string) => `Jeder Eintrag im Feld "${field}" muss ein Objekt ${entry} sein.`,
  notFlag: (field: string) => `Das Feld "${field}" muss true oder false sein.`,
  notObject: (field: string) => `Das Feld "${field}" muss ein Objekt sein.`,
  notNumber: (field: string) => `Das Feld "${field}" muss eine Zahl sein.`,
} as const;

export const AUTH_TEXTS = {
  unauthenticated: 'Bitte melde dich an: Das Login fehlt, ist ungültig oder abgelaufen.',
  forbidden: texts.forbidden,
} as const;

export const LOGIN_TEXTS = {
  missingFields: 'Nutzername und Passwort müssen angegeben werden.',
  wrongCredentials: SHARED_TEXTS.wrongCredentials,
  invalidLink: 'Der Login-Link ist ungültig, abgelaufen oder wurde schon benutzt.',
} as const;

export const PASSWORD_RESET_EDGE_TEXTS = {
  nameOrEmail: SHARED_TEXTS.passwordResetNameOrEmail,
  linkMissing: 'Der Link ist unvollständig: Bitte öffne ihn genau so, wie er in der E-Mail steht.',
  passwordMissing: PASSWORD_RESET_TEXTS.passwordMissing,
} as const;

export const USER_TEXTS = {
  loginTaken: SHARED_TEXTS.loginTaken,
  passwordMissing: SHARED_TEXTS.registrationFailed,
  currentPasswordWrong: IDENTITY_COMMAND_TEXTS.currentPasswordWrong,
} as const;

export const TEAM_TEXTS = {
  nameTaken: SHARED_TEXTS.teamNameTaken,
  failed: SHARED_TEXTS.teamCreationFailed,
} as const;

export const QUIZ_TEXTS = {
  loadFailed: SHARED_TEXTS.quizLoadFailed,
} as const;

export const POINTS_TEXTS = {
  notPublished: 'Die Punkte dieses Quiz sind noch nicht veröffentlicht.',
} as const;

export const SHOW_LOOK_TEXTS = {
  noLogo: 'Diese Show hat kein Logo.',
} as const;

export const RECEIVE_TEXTS = {
  tooLarge: SHARED_TEXTS.uploadTooLarge,
  failed: SHARED_TEXTS.uploadFailed,
} as const;

export const UPLOAD_TEXTS = {
  notAnImage: SHARED_TEXTS.uploadNotAnImage,
  tooLarge: RECEIVE_TEXTS.tooLarge,
  failed: RECEIVE_TEXTS.failed,
  notFound: '(nicht gefunden)',
} as const;

export const METRICS_TEXTS = {
  tokenNeeded: 'Für /metrics fehlt der richtige METRICS_TOKEN (Authorization: Bearer <METRICS_TOKEN>).',
  localOnly:
    'Ohne METRICS_TOKEN antwortet /metrics nur auf Anfragen von diesem Rechner selbst (loopback, ohne Proxy). Setze METRICS_TOKEN, um von woanders abzufragen.',
} as const;

export const SOCKET_TEXTS = {
  tooEarly: SHARED_TEXTS.notAuthenticated,
  authFailed: 'Anmeldung am Server fehlgeschlagen: Das Login ist ungültig oder abgelaufen. Bitte melde dich neu an.',
  notJson: 'Die Nachricht ist kein gültiges JSON.',
  badEnvelope: 'Die Nachricht braucht die Form {"type": "...", "id": Zahl, "content": {...}}.',
  unknownType: (type: string) => `Unbekannter Nachrichtentyp "${type}".`,
  badContent: 'Der Inhalt (content) der Nachricht muss ein Objekt sein.',
  badCommandId: 'Die commandId der Nachricht muss eine Zeichenkette mit 1 bis 64 Zeichen sein.',
  overlayLinkInvalid: 'Dieser Overlay-Link ist ungültig oder wurde widerrufen.',
  overlayReadOnly: 'Das Overlay zeigt nur an: Es kann nichts senden.',
  badScopes: 'scopes muss eine Liste von Sichten sein (global, team, user, moderator, tester, operator, overlay).',
} as const;
