/**
 * POST /api/quizzes/import: TOML text → a preview of the quiz it holds, or the reasons it cannot be
 * saved. Rounds hold numbered questions: `[1.2]` is question 2 of round 1 (arrays of tables count
 * from 1), optionally under a `rounds` table; `name` and `yearWeek` (or `year_week`) sit at the top.
 * The content goes through the same normalisation as the engine's CreateQuiz/ImportQuiz.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'toml';
import { projectRoot } from '../config';
import type { Question } from '../../events';
import type { QuizImportPreview } from '../../wire';
import { normalizeContent, questionsFromRounds } from '../commands/quiz-content';
import { QUIZ_COMMAND_TEXTS } from '../commands/quizzes';

export type { QuizImportPreview };

export interface QuizImportError {
  /** The spec's German text, or the parser's reason. */
  detail: string;
  line?: number;
  column?: number;
}

export type QuizImportResult = { ok: true; preview: QuizImportPreview } | { ok: false; errors: QuizImportError[] };

interface TomlErrorShape {
  message?: unknown;
  line?: unknown;
  column?: unknown;
  location?: { start?: { line?: unknown; column?: unknown } };
}

/** The parser reports syntax errors with a location and semantic ones (a key twice) with a line. */
function parseError(error: unknown): QuizImportError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as TomlErrorShape;
  const line = Number(e.location?.start?.line ?? e.line);
  const column = Number(e.location?.start?.column ?? e.column);
  const reason = typeof e.message === 'string' ? e.message : String(error);
  const where = Number.isInteger(line) ? `Zeile ${line}${Number.isInteger(column) ? `, Spalte ${column}` : ''}: ` : '';
  return {
    detail: `${where}${reason}`,
    ...(Number.isInteger(line) ? { line } : {}),
    ...(Number.isInteger(column) ? { column } : {}),
  };
}

function textField(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The rounds of the document: its `rounds` (or `round`) table or array, else its numbered top-level tables. */
function roundsOf(document: Record<string, unknown>): unknown {
  if (document.rounds !== undefined) return document.rounds;
  if (document.round !== undefined) return document.round;
  return Object.fromEntries(Object.entries(document).filter(([key]) => /^\d+$/.test(key)));
}

/**
 * Parses and validates. `name` and `yearWeek` given by the form win over the file's. The checks
 * and texts are the save's: parse errors first, then the content, then name, year_week, questions.
 */
export function previewQuizImport(toml: string, form: { name?: string; yearWeek?: string } = {}): QuizImportResult {
  let document: Record<string, unknown>;
  try {
    document = parse(toml) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, errors: [parseError(error)] };
  }
  const normalized = normalizeContent(questionsFromRounds(roundsOf(document)));
  if (!normalized.ok) return { ok: false, errors: [{ detail: normalized.message }] };
  const name = textField(form.name) || textField(document.name);
  const yearWeek = textField(form.yearWeek) || textField(document.yearWeek ?? document.year_week);
  const errors: QuizImportError[] = [];
  if (!name) errors.push({ detail: QUIZ_COMMAND_TEXTS.quizNameMissing });
  if (!yearWeek) errors.push({ detail: QUIZ_COMMAND_TEXTS.quizYearWeekMissing });
  if (normalized.content.length === 0) errors.push({ detail: QUIZ_COMMAND_TEXTS.quizQuestionsMissing });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, preview: { name, yearWeek, content: normalized.content } };
}

/** The content as the config page edits it: pretty JSON text. */
export function contentAsJson(content: readonly Question[]): string {
  return JSON.stringify(content, null, 2);
}

/** The example quiz a fresh install loads in one step (every question type and a tie-break; docs/quiz-format.md). */
export const EXAMPLE_QUIZ_FILE = 'examples/beispielquiz.toml';

/** The example quiz's preview, read from the installation (the image ships examples/). */
export async function previewExampleQuiz(): Promise<QuizImportResult> {
  return previewQuizImport(await readFile(path.join(projectRoot(), EXAMPLE_QUIZ_FILE), 'utf8'));
}
