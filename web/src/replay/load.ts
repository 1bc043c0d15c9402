/** Reading a night's events: the JSON Lines of the night endpoints (or a recording) as engine events. */
import type { QuizShowEvent } from '../../../events';
import { decodeEvent } from '../../../events/codec';
import { checkExportStart, isExportHeader, type ExportStart } from '../../../events/night-export';
import type { JsonApiDocument, NightListEntry } from '@wire/replies';
import { api, HttpError } from '../api/http';

export interface ParsedLog {
  events: QuizShowEvent[];
  /** Lines that could not be read (unknown type or version, broken JSON), with their line number. */
  problems: { line: number; message: string }[];
  /** Why the whole file is refused (an export of a newer format or with newer events), or null. */
  refusal: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One line: a stored event `{position, streamId, revision, id, type, data, metadata:{…, version}}`
 * or an engine event `{type, version, data, metadata}` (the recordings). Both go through the codec.
 */
export function parseEventLine(line: Json): QuizShowEvent {
  if (typeof line.type !== 'string') throw new Error('type fehlt');
  return decodeEvent({ type: line.type, version: line.version, data: line.data, metadata: line.metadata });
}

/**
 * Parses JSON Lines; blank lines are skipped, broken ones reported. An export's header line
 * (events/night-export.ts) is checked, not folded; an export without one (0.10 and older) is read as before.
 */
export function parseEventLog(text: string): ParsedLog {
  const lines = text
    .split('\n')
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((l) => l.text !== '');
  const [first] = lines;
  const header = first ? headerOf(first.text) : null;
  if (header && !header.ok) return { events: [], problems: [], refusal: header.message };
  const events: QuizShowEvent[] = [];
  const problems: ParsedLog['problems'] = [];
  for (const { line, text: json } of header ? lines.slice(1) : lines) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!isObject(parsed)) throw new Error('kein Objekt');
      events.push(parseEventLine(parsed));
    } catch (error) {
      problems.push({ line, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { events, problems, refusal: null };
}

/** The check of an export's header line, or null when the first line is no header. */
function headerOf(json: string): ExportStart | null {
  try {
    const parsed: unknown = JSON.parse(json);
    return isExportHeader(parsed) ? checkExportStart(parsed) : null;
  } catch {
    return null;
  }
}

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** GET /api/nights (admin). */
export async function fetchNights(token: string | null): Promise<NightListEntry[]> {
  const response = await fetch(api('/nights'), { headers: { Accept: 'application/json', ...authHeaders(token) } });
  if (!response.ok) throw new HttpError(response.status, null);
  return ((await response.json()) as JsonApiDocument<NightListEntry[]>).data;
}

export interface LoadedNight extends ParsedLog {
  /** `export`: the night with everything it depends on; `events`: only the night's own stream. */
  source: 'export' | 'events';
}

/** The night's export (with users, teams and the quiz) when the server offers it, else the night stream alone. */
export async function fetchNightLog(nightId: string, token: string | null): Promise<LoadedNight> {
  const id = encodeURIComponent(nightId);
  const headers = { Accept: 'application/x-ndjson', ...authHeaders(token) };
  const exported = await fetch(api(`/nights/${id}/export`), { headers });
  if (exported.status === 200) return { ...parseEventLog(await exported.text()), source: 'export' };
  const own = await fetch(api(`/nights/${id}/events`), { headers });
  if (!own.ok) throw new HttpError(own.status, null);
  return { ...parseEventLog(await own.text()), source: 'events' };
}
