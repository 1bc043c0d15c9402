/**
 * The rules of the show settings (PROTOCOL.md "Show settings"): what the admin may set, and the
 * texts derived from them. The server checks a change with them; the web app reads them to show
 * the settings (the QR page's host, the coming dates).
 */
import type { NextDate, OverlayCorner, OverlayLayout, ShowSettings } from '../../../events';
import { contrastText, isHexColour, whiteTextContrast, WCAG_AA_TEXT_CONTRAST } from './contrast';
import { FIELD_MAXIMA, uploadOwnerOf } from './field-limits';
import { DEFAULT_OVERLAY_LAYOUT, OVERLAY_PARTS } from '../state/default-show-settings';

/** How a problem names the address of the social media link at `index` (counted from 1). */
const linkAddressName = (index: number) => `Die Adresse des ${index}. Social-Media-Links`;

/** The show's name while the admin has not named it: the app's. */
const DEFAULT_SHOW_NAME = 'Quiztool';
/** The app's primary colour (web/src/styles.css `--primary`), while the admin has not chosen one. */
const DEFAULT_PRIMARY_COLOR = '#5b3fd6';

export const OVERLAY_CORNERS: readonly OverlayCorner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
/** The overlay's scale: half (a small corner on a busy stream) to twice its designed size (a 4K canvas). */
export const OVERLAY_SCALE = { min: 0.5, max: 2 } as const;

/** The settings' maxima, from the one table (field-limits.ts). */
export const SHOW_SETTINGS_LIMITS = {
  channelLength: FIELD_MAXIMA.settingsChannel,
  urlLength: FIELD_MAXIMA.settingsUrl,
  labelLength: FIELD_MAXIMA.settingsLabel,
  hostNameLength: FIELD_MAXIMA.settingsHostName,
  socialLinks: FIELD_MAXIMA.settingsLinks,
  nextDates: FIELD_MAXIMA.settingsDates,
  showNameLength: FIELD_MAXIMA.settingsShowName,
  overlayParts: FIELD_MAXIMA.settingsOverlayParts,
  legalTextLength: FIELD_MAXIMA.settingsLegalText,
} as const;

/** The fields of ShowSettings that hold the show's legal pages. */
export type LegalField = 'imprint' | 'privacy';

const LEGAL_NAMES: Record<LegalField, string> = { imprint: 'Das Impressum', privacy: 'Die Datenschutzerklärung' };

/** The fields of ShowSettings that hold an address. */
export type UrlField = 'streamUrl' | 'supportUrl' | 'newsletterUrl';

/** What is wrong with settings; `index` counts list entries from 1. */
export type ShowSettingsProblem =
  | { kind: 'notAnAddress'; field: UrlField }
  | { kind: 'linkNotAnAddress'; index: number }
  | { kind: 'addressTooLong'; field: UrlField }
  | { kind: 'linkAddressTooLong'; index: number }
  | { kind: 'notAChannel' }
  | { kind: 'channelTooLong' }
  | { kind: 'hostNameTooLong' }
  | { kind: 'linkLabelMissing'; index: number }
  | { kind: 'linkLabelTooLong'; index: number }
  | { kind: 'tooManyLinks' }
  | { kind: 'notADate'; date: string }
  | { kind: 'dateTitleMissing'; index: number }
  | { kind: 'dateTitleTooLong'; index: number }
  | { kind: 'tooManyDates' }
  | { kind: 'showNameTooLong' }
  | { kind: 'logoNotAnUpload' }
  | { kind: 'colorNotHex' }
  | { kind: 'colorTooLight'; color: string; ratio: number }
  | { kind: 'tooManyOverlayParts' }
  | { kind: 'overlayPartUnknown'; part: string }
  | { kind: 'overlayPartTwice'; part: string }
  | { kind: 'overlayCornerUnknown' }
  | { kind: 'overlayScaleOutOfRange' }
  | { kind: 'legalTextTooLong'; field: LegalField };

const L = SHOW_SETTINGS_LIMITS;

const FIELD_NAMES: Record<UrlField, string> = {
  streamUrl: 'Die Stream-Adresse',
  supportUrl: 'Die Adresse zum Unterstützen',
  newsletterUrl: 'Die Newsletter-Adresse',
};

/** The German refusals; each starts with words of its own, so that a test can find it. */
export const SHOW_SETTINGS_TEXTS = {
  notAnAddress: (what: string) =>
    `Keine gültige Adresse: ${what} muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).`,
  tooLong: (what: string, max?: number) => `Zu lang: ${what} darf höchstens ${max} Zeichen haben.`,
  notAChannel:
    'Der Stream-Kanal ist der Name des Kanals (z. B. quizshow): nur Buchstaben, Ziffern und _, keine Adresse.',
  linkLabelMissing: (index: number | string) =>
    `Ohne Beschriftung: Der ${index}. Social-Media-Link braucht einen Text, der für ihn angezeigt wird.`,
  tooManyLinks: `Es sind höchstens ${L.socialLinks} Social-Media-Links möglich.`,
  notADate: (date: string) =>
    `Kein gültiges Datum: „${date}“. Bitte jeden Termin als JJJJ-MM-TT angeben (z. B. 2026-11-20).`,
  dateTitleMissing: (index: number | string) => `Ohne Titel: Der ${index}. Termin braucht einen Titel.`,
  tooManyDates: `Es sind höchstens ${L.nextDates} Termine möglich.`,
  logoNotAnUpload: 'Das Logo muss ein Bild sein, das über die Show-Einstellungen hochgeladen wurde.',
  colorNotHex: 'Die Hauptfarbe muss als #rrggbb angegeben werden (z. B. #5b3fd6).',
  colorTooLight: (color: string, ratio: string) =>
    `Zu wenig Kontrast: Weiße Schrift auf der Hauptfarbe ${color} erreicht nur ${ratio}:1, nötig sind mindestens 4,5:1 (WCAG AA). Bitte wähle eine dunklere Farbe.`,
  tooManyOverlayParts: `Das Overlay hat höchstens ${L.overlayParts} Teile.`,
  overlayPartUnknown: (part: string) =>
    `Unbekannter Teil des Overlays: „${part}“. Möglich sind ${OVERLAY_PARTS.join(', ')}.`,
  overlayPartTwice: (part: string) => `Der Teil „${part}“ des Overlays ist doppelt genannt.`,
  overlayCornerUnknown: `Die Ecke des Overlays muss eine von ${OVERLAY_CORNERS.join(', ')} sein.`,
  overlayScaleOutOfRange: 'Die Größe (scale) des Overlays muss eine Zahl von 0,5 bis 2 sein.',
} as const;

export function showSettingsProblemText(problem: ShowSettingsProblem): string {
  const T = SHOW_SETTINGS_TEXTS;
  switch (problem.kind) {
    case 'notAnAddress':
      return T.notAnAddress(FIELD_NAMES[problem.field]);
    case 'linkNotAnAddress':
      return T.notAnAddress(linkAddressName(problem.index));
    case 'addressTooLong':
      return T.tooLong(FIELD_NAMES[problem.field], L.urlLength);
    case 'linkAddressTooLong':
      return T.tooLong(linkAddressName(problem.index), L.urlLength);
    case 'notAChannel':
      return T.notAChannel;
    case 'channelTooLong':
      return T.tooLong('Der Stream-Kanal', L.channelLength);
    case 'hostNameTooLong':
      return T.tooLong('Der Name auf der QR-Seite', L.hostNameLength);
    case 'linkLabelMissing':
      return T.linkLabelMissing(problem.index);
    case 'linkLabelTooLong':
      return T.tooLong(`Die Beschriftung des ${problem.index}. Social-Media-Links`, L.labelLength);
    case 'tooManyLinks':
      return T.tooManyLinks;
    case 'notADate':
      return T.notADate(problem.date);
    case 'dateTitleMissing':
      return T.dateTitleMissing(problem.index);
    case 'dateTitleTooLong':
      return T.tooLong(`Der Titel des ${problem.index}. Termins`, L.labelLength);
    case 'tooManyDates':
      return T.tooManyDates;
    case 'showNameTooLong':
      return T.tooLong('Der Name der Show', L.showNameLength);
    case 'logoNotAnUpload':
      return T.logoNotAnUpload;
    case 'colorNotHex':
      return T.colorNotHex;
    case 'colorTooLight':
      return T.colorTooLight(problem.color, contrastText(problem.ratio));
    case 'tooManyOverlayParts':
      return T.tooManyOverlayParts;
    case 'overlayPartUnknown':
      return T.overlayPartUnknown(problem.part);
    case 'overlayPartTwice':
      return T.overlayPartTwice(problem.part);
    case 'overlayCornerUnknown':
      return T.overlayCornerUnknown;
    case 'overlayScaleOutOfRange':
      return T.overlayScaleOutOfRange;
    case 'legalTextTooLong':
      return T.tooLong(LEGAL_NAMES[problem.field], L.legalTextLength);
  }
}

const WHITESPACE = /\s/;

/** A complete http or https address (scheme, host); nothing else may be linked or posted to. */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || WHITESPACE.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A calendar day written `yyyy-mm-dd` (2026-02-29 is not one). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Twitch channel names: letters, digits and underscores. */
const CHANNEL = /^\w+$/;

function addressProblem(url: string, field: UrlField): ShowSettingsProblem | null {
  if (url === '') return null;
  if (url.length > L.urlLength) return { kind: 'addressTooLong', field };
  return isWebAddress(url) ? null : { kind: 'notAnAddress', field };
}

/** The first thing wrong with settings (texts already trimmed), or null when the admin may save them. */
export function showSettingsProblemOf(settings: ShowSettings): ShowSettingsProblem | null {
  const { streamChannel, qrHostName, socialLinks, nextDates } = settings;
  if (streamChannel.length > L.channelLength) return { kind: 'channelTooLong' };
  if (streamChannel !== '' && !CHANNEL.test(streamChannel)) return { kind: 'notAChannel' };
  for (const field of ['streamUrl', 'supportUrl', 'newsletterUrl'] as const) {
    const problem = addressProblem(settings[field], field);
    if (problem) return problem;
  }
  if (qrHostName.length > L.hostNameLength) return { kind: 'hostNameTooLong' };
  if (socialLinks.length > L.socialLinks) return { kind: 'tooManyLinks' };
  for (const [i, link] of socialLinks.entries()) {
    const index = i + 1;
    if (link.label === '') return { kind: 'linkLabelMissing', index };
    if (link.label.length > L.labelLength) return { kind: 'linkLabelTooLong', index };
    if (link.url.length > L.urlLength) return { kind: 'linkAddressTooLong', index };
    if (!isWebAddress(link.url)) return { kind: 'linkNotAnAddress', index };
  }
  if (nextDates.length > L.nextDates) return { kind: 'tooManyDates' };
  for (const [i, next] of nextDates.entries()) {
    if (!isIsoDate(next.date)) return { kind: 'notADate', date: next.date };
    if (next.title === '') return { kind: 'dateTitleMissing', index: i + 1 };
    if (next.title.length > L.labelLength) return { kind: 'dateTitleTooLong', index: i + 1 };
  }
  for (const field of ['imprint', 'privacy'] as const) {
    if (settings[field].length > L.legalTextLength) return { kind: 'legalTextTooLong', field };
  }
  return lookProblemOf(settings) ?? overlayLayoutProblemOf(settings.overlay);
}

/** The show's look: a name within its maximum, a logo uploaded for the show, a colour white text is readable on. */
function lookProblemOf({ showName, logo, primaryColor }: ShowSettings): ShowSettingsProblem | null {
  if (showName.length > L.showNameLength) return { kind: 'showNameTooLong' };
  if (logo !== '' && uploadOwnerOf(logo)?.kind !== 'show') return { kind: 'logoNotAnUpload' };
  return primaryColorProblemOf(primaryColor);
}

/** The primary colour: unset (empty), or `#rrggbb` on which white text passes WCAG AA (the settings form warns with it before sending). */
export function primaryColorProblemOf(color: string): ShowSettingsProblem | null {
  if (color === '') return null;
  if (!isHexColour(color)) return { kind: 'colorNotHex' };
  const ratio = whiteTextContrast(color);
  return ratio < WCAG_AA_TEXT_CONTRAST ? { kind: 'colorTooLight', color, ratio } : null;
}

/** The overlay's layout: known parts, each once; a known corner; a scale within OVERLAY_SCALE. */
export function overlayLayoutProblemOf({ parts, corner, scale }: OverlayLayout): ShowSettingsProblem | null {
  if (parts.length > L.overlayParts) return { kind: 'tooManyOverlayParts' };
  for (const [i, part] of parts.entries()) {
    if (!OVERLAY_PARTS.includes(part)) return { kind: 'overlayPartUnknown', part: String(part) };
    if (parts.indexOf(part) !== i) return { kind: 'overlayPartTwice', part };
  }
  if (!OVERLAY_CORNERS.includes(corner)) return { kind: 'overlayCornerUnknown' };
  if (!Number.isFinite(scale) || scale < OVERLAY_SCALE.min || scale > OVERLAY_SCALE.max)
    return { kind: 'overlayScaleOutOfRange' };
  return null;
}

/** The show's name as shown: the admin's, else the app's. */
export function showNameOf(settings: Pick<ShowSettings, 'showName'>): string {
  return settings.showName || DEFAULT_SHOW_NAME;
}

/** The show's primary colour as used: the admin's, else the app's. */
export function primaryColorOf(settings: Pick<ShowSettings, 'primaryColor'>): string {
  return settings.primaryColor || DEFAULT_PRIMARY_COLOR;
}

/** Where anyone (the overlay, the manifest, a visitor's header) loads the show's logo: versioned by its upload, so a new logo is a new address; null without one. */
export function showLogoPath(logo: string): string | null {
  const file = logo.slice(logo.lastIndexOf('/') + 1);
  return logo === '' ? null : `/api/show-settings/logo?v=${file.slice(0, file.indexOf('.'))}`;
}

/** The image type of a stored upload by its extension (png, jpg, gif, webp: the only ones stored). */
export function imageTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
}

/** A home-screen label: the name if it has at most 12 characters (what launchers show uncut), else its words up to 12, else its first 12 characters. */
export function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  const cut = name.slice(0, 13).lastIndexOf(' ');
  return (cut > 0 ? name.slice(0, cut) : name.slice(0, 12)).trim();
}

/**
 * The settings with their fields in one order (a store such as Postgres JSONB may hand the event's
 * object back with its keys reordered): what the state holds and the API answers.
 */
export function canonicalShowSettings(s: ShowSettings): ShowSettings {
  const { showName, logo, primaryColor, overlay, imprint, privacy }: Partial<ShowSettings> = s; // absent in settings saved before they existed
  return {
    streamChannel: s.streamChannel,
    streamUrl: s.streamUrl,
    supportUrl: s.supportUrl,
    newsletterUrl: s.newsletterUrl,
    socialLinks: s.socialLinks.map(({ label, url }) => ({ label, url })),
    nextDates: s.nextDates.map(({ date, title }) => ({ date, title })),
    qrHostName: s.qrHostName,
    newsletterPopup: s.newsletterPopup,
    allowNewAccounts: s.allowNewAccounts !== false, // settings saved before the field existed: open
    showName: showName ?? '',
    logo: logo ?? '',
    primaryColor: primaryColor ?? '',
    overlay: overlay
      ? { parts: [...overlay.parts], corner: overlay.corner, scale: overlay.scale }
      : DEFAULT_OVERLAY_LAYOUT,
    imprint: imprint ?? '',
    privacy: privacy ?? '',
  };
}

/** Why a registration is refused while new accounts are closed: the server's refusal, and the form's note before anyone types. */
export const NEW_ACCOUNTS_CLOSED_TEXT =
  'Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.';

/** Registration of new accounts (POST /api/users) is closed by the admin's show setting. */
export function newAccountsClosed(settings: ShowSettings): boolean {
  return !settings.allowNewAccounts;
}

export function sameShowSettings(a: ShowSettings, b: ShowSettings): boolean {
  return JSON.stringify(canonicalShowSettings(a)) === JSON.stringify(canonicalShowSettings(b));
}

/** German genitive of a name: "Olafs", but "Klaus'" and "Max'". */
function genitiveOf(name: string): string {
  return /(s|ß|x|z|ce)$/i.test(name) ? `${name}'` : `${name}s`;
}

/** The QR team page while no moderator is connected: the spec's text with the show's host. */
export function hostOfflineText(hostName: string): string {
  const host = hostName.trim();
  return host === ''
    ? 'Der Laptop der Moderation ist im Moment nicht verbunden.'
    : `${genitiveOf(host)} Laptop ist im Moment nicht verbunden.`;
}

/** The dates from `today` (yyyy-mm-dd, the viewer's day) on, earliest first: past nights are not "next". */
export function upcomingDates(dates: readonly NextDate[], today: string): NextDate[] {
  return dates.filter((d) => d.date >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
