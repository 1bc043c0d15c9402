/** The HTTP calls of the operator screens (PROTOCOL.md, HTTP table). */
import type { JsonApiDocument, QuizImportPreview, QuizResource, TeamListResource } from '@wire/replies';
import type { QuestionStats } from '@live/rules/results';
import type { Quiz } from '../logic/quiz';
import { api, RawBody, request, requestBlob } from './http';

function quizOf({ id, attributes: { name, yearWeek, content } }: QuizResource): Quiz {
  return { id, name, yearWeek, content: [...content] };
}

/** GET /api/quizzes (moderator, tester): JSON:API list. */
export async function listQuizzes(): Promise<Quiz[]> {
  return (await request<JsonApiDocument<QuizResource[]>>('GET', api('/quizzes'))).data.map(quizOf);
}

/** GET /api/quizzes/:id (moderator, tester). */
export async function getQuiz(id: string): Promise<Quiz> {
  return quizOf((await request<JsonApiDocument<QuizResource>>('GET', api(`/quizzes/${encodeURIComponent(id)}`))).data);
}

export interface QuizFields {
  name: string;
  yearWeek: string;
  content: unknown[];
}

/** POST /api/quizzes: JSON:API `{data:{type:"quizzes", attributes:{name, yearWeek, content}}}`; 201, 400 with the spec's text. */
export async function createQuiz(fields: QuizFields): Promise<void> {
  await request('POST', api('/quizzes'), { data: { type: 'quizzes', attributes: fields } });
}

/** PATCH /api/quizzes/:id: JSON:API `{data:{type:"quizzes", id, attributes:{name, yearWeek, content}}}`. */
export async function saveQuiz(id: string, fields: QuizFields): Promise<void> {
  await request('PATCH', api(`/quizzes/${encodeURIComponent(id)}`), {
    data: { type: 'quizzes', id, attributes: fields },
  });
}

/** POST /api/quizzes/example (moderator): saves the example quiz (examples/beispielquiz.toml) as a new quiz. */
export async function createExampleQuiz(): Promise<Quiz> {
  return quizOf((await request<JsonApiDocument<QuizResource>>('POST', api('/quizzes/example'))).data);
}

/**
 * POST /api/quizzes/import?name=…&yearWeek=… with the TOML text (Content-Type application/toml):
 * the preview `{name, yearWeek, content}`; the form's name and year_week (when set) win over the file's.
 */
export async function importToml(toml: string, form: { name: string; yearWeek: string }): Promise<QuizImportPreview> {
  const query = new URLSearchParams();
  if (form.name.trim()) query.set('name', form.name.trim());
  if (form.yearWeek.trim()) query.set('yearWeek', form.yearWeek.trim());
  const suffix = query.toString() === '' ? '' : `?${query.toString()}`;
  return request<QuizImportPreview>(
    'POST',
    api(`/quizzes/import${suffix}`),
    new RawBody(toml, 'application/toml; charset=utf-8'),
  );
}

/** DELETE /api/teams/:id (admin): 204. */
export async function deleteTeam(id: string): Promise<void> {
  await request('DELETE', api(`/teams/${encodeURIComponent(id)}`));
}

/** GET /api/points/:quizId/teams.txt (moderator) with the Bearer header, as bytes. */
export function downloadTeamsTxt(quizId: string): Promise<Blob> {
  return requestBlob(api(`/points/${encodeURIComponent(quizId)}/teams.txt`));
}

/** The results files of a quiz (GET /api/quizzes/:id/<file>.csv, moderator or admin). */
export type ResultFile = 'answers' | 'points' | 'stats';
export const RESULT_FILES: readonly ResultFile[] = ['answers', 'points', 'stats'];

/** GET /api/quizzes/:id/<file>.csv with the Bearer header, as bytes. */
export function downloadResultFile(quizId: string, file: ResultFile): Promise<Blob> {
  return requestBlob(api(`/quizzes/${encodeURIComponent(quizId)}/${file}.csv`));
}

/** GET /api/quizzes/:id/stats: the per-question statistics (the figures of stats.csv). */
export async function getQuizStats(quizId: string): Promise<QuestionStats[]> {
  return (await request<{ questions: QuestionStats[] }>('GET', api(`/quizzes/${encodeURIComponent(quizId)}/stats`)))
    .questions;
}

/** GET /api/teams: the user ids of one team's members (for mtr), empty when the team is gone. */
export async function teamMemberIds(teamId: string): Promise<string[]> {
  const teams = (await request<JsonApiDocument<TeamListResource[]>>('GET', api('/teams'))).data;
  return teams.find((team) => team.id === teamId)?.relationships?.members.data.map((member) => member.id) ?? [];
}

export type { Quiz };
