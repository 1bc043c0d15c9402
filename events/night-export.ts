/**
 * The night export's first line (JSON Lines; docs/protocol.md, "Night export"): which format, which
 * format version and which event versions the exporting code wrote. Importing code refuses what it
 * cannot read rather than importing events it would misread. Exports written before the header existed
 * (0.10 and older, events/recordings/) start with an event: they read as format version 0.
 */
import { CURRENT_VERSION } from './index';

export const NIGHT_EXPORT_FORMAT = 'quiz-show-night';
export const NIGHT_EXPORT_FORMAT_VERSION = 1;

export interface NightExportHeader {
  readonly format: typeof NIGHT_EXPORT_FORMAT;
  readonly formatVersion: number;
  /** The exporting code's CURRENT_VERSION: every event type it knows, in the version it writes. */
  readonly eventVersions: Readonly<Record<string, number>>;
  /** ISO 8601. */
  readonly exportedAt: string;
}

/** How a file starts: its header (null for a header-less export), or why this code refuses it (German, for the operator). */
export type ExportStart =
  | { readonly ok: true; readonly formatVersion: number; readonly header: NightExportHeader | null }
  | { readonly ok: false; readonly message: string };

export function nightExportHeader(exportedAt: string): NightExportHeader {
  return {
    format: NIGHT_EXPORT_FORMAT,
    formatVersion: NIGHT_EXPORT_FORMAT_VERSION,
    eventVersions: { ...CURRENT_VERSION },
    exportedAt,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A header names its format; an event line never has these fields. */
export function isExportHeader(line: unknown): boolean {
  return isRecord(line) && ('format' in line || 'formatVersion' in line);
}

const UPDATE = 'Bitte mit einer neueren Version des Servers öffnen.';

/** Checks the first line of an export (parsed JSON). */
export function checkExportStart(first: unknown): ExportStart {
  if (!isExportHeader(first)) {
    if (isRecord(first) && typeof first.type === 'string') return { ok: true, formatVersion: 0, header: null };
    return refuse('Die Datei ist kein Export eines Quizabends: die erste Zeile ist weder Kopfzeile noch Event.');
  }
  const header = first as Record<string, unknown>;
  if (header.format === undefined)
    return refuse(`Die Kopfzeile nennt kein Format; erwartet ist „${NIGHT_EXPORT_FORMAT}“.`);
  if (header.format !== NIGHT_EXPORT_FORMAT)
    return refuse(`Unbekanntes Format „${String(header.format)}“; erwartet ist „${NIGHT_EXPORT_FORMAT}“.`);
  const formatVersion = header.formatVersion;
  if (typeof formatVersion !== 'number' || !Number.isInteger(formatVersion) || formatVersion < 1)
    return refuse('Die Kopfzeile hat keine gültige Format-Version.');
  if (formatVersion > NIGHT_EXPORT_FORMAT_VERSION) {
    return refuse(
      `Die Datei hat Format-Version ${formatVersion}; dieser Stand liest höchstens Version ${NIGHT_EXPORT_FORMAT_VERSION}. ${UPDATE}`,
    );
  }
  const eventVersions = header.eventVersions;
  if (!isRecord(eventVersions) || Object.values(eventVersions).some((v) => typeof v !== 'number'))
    return refuse('Die Kopfzeile nennt keine gültigen Event-Versionen.');
  const newer = Object.entries(eventVersions as Record<string, number>)
    .map(([type, version]) => tooNew(type, version))
    .filter((problem): problem is string => problem !== null);
  if (newer.length > 0)
    return refuse(
      `Die Datei stammt von einem neueren Stand, dessen Events dieser nicht kennt: ${newer.join(', ')}. ${UPDATE}`,
    );
  return { ok: true, formatVersion, header: first as unknown as NightExportHeader };
}

/** Why an event of this type and version is newer than this code, or null when this code reads it. */
export function tooNew(type: string, version: number): string | null {
  if (!Object.prototype.hasOwnProperty.call(CURRENT_VERSION, type)) return `${type} (unbekannt)`;
  const known: number = CURRENT_VERSION[type as keyof typeof CURRENT_VERSION];
  return version > known ? `${type} Version ${version} (bekannt bis ${known})` : null;
}

function refuse(message: string): ExportStart {
  return { ok: false, message };
}
