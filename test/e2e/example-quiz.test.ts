import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUESTION_TYPES, type Question } from '../../events';
import { EXAMPLE_QUIZ_FILE } from '../../src/http/quiz-import';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The example quiz a new host starts from, and the page that explains the format (docs/quiz-format.md). */
describe('the example quiz and the TOML format', () => {
  const suite = serverForSuite();
  let admin: string;

  beforeAll(async () => {
    admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
  });

  it('imports as it is through POST /api/quizzes/import (200): every question type, a tie-break, German texts', async () => {
    const response = await fetch(`${suite.env.url}/api/quizzes/import`, {
      method: 'POST',
      body: read(EXAMPLE_QUIZ_FILE),
      headers: { 'content-type': 'application/toml', authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as { name: string; yearWeek: string; content: Question[] };
    expect(preview).toMatchObject({ name: 'Beispielquiz', yearWeek: '2026-01' });
    expect(new Set(preview.content.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(preview.content.filter((q) => q.extraInfo.tieBreak === true)).toEqual([
      expect.objectContaining({ category: 'Seitenstechen', answer: expect.any(String) }),
    ]);
    for (const q of preview.content) expect(q.question).toMatch(/[a-zäöüß]{3}/i);
  });

  it('a fresh install saves it in one step (POST /api/quizzes/example, moderators only), as the import would', async () => {
    const player = await registerAndLogin(suite.env.url, 'neugier');
    expect((await api(suite.env.url, 'POST', '/api/quizzes/example', undefined, player.token)).status).toBe(403);
    expect((await api(suite.env.url, 'GET', '/api/quizzes', undefined, admin)).body.data).toEqual([]);
    const created = await api(suite.env.url, 'POST', '/api/quizzes/example', undefined, admin);
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ name: 'Beispielquiz', yearWeek: '2026-01' });
    expect(created.body.data.attributes.content).toHaveLength(11);
  });

  it('docs/quiz-format.md names the example and every field the importer reads', () => {
    const page = read('docs/quiz-format.md');
    expect(page).toContain(EXAMPLE_QUIZ_FILE);
    // The question fields: the rule's QuestionInput; the document's: what the importer reads off it.
    const rule = read('projections/live/rules/quiz-content.ts');
    const questionFields = [
      .../export interface QuestionInput \{([^}]*)\}/.exec(rule)![1]!.matchAll(/^\s+(\w+)\??:/gm),
    ].map((m) => m[1]!);
    expect(questionFields).toEqual(
      expect.arrayContaining([
        'type',
        'category',
        'question',
        'answer',
        'points',
        'options',
        'extra_info',
        'extraInfo',
      ]),
    );
    const documentFields = [...read('src/http/quiz-import.ts').matchAll(/document\.(\w+)/g)].map((m) => m[1]!);
    expect(documentFields).toEqual(expect.arrayContaining(['name', 'yearWeek', 'year_week', 'rounds', 'round']));
    // The extra_info keys the engine reads anywhere (server, live rules, web).
    const extraInfoKeys = new Set<string>();
    for (const file of ['projections/live/rules/abcd-letters.ts', 'src/commands/quizzes.ts']) {
      for (const m of read(file).matchAll(/extraInfo(?:\.(\w+)|: \{ (\w+):)/g)) extraInfoKeys.add((m[1] ?? m[2])!);
    }
    expect([...extraInfoKeys].sort()).toEqual(['optionNum', 'tieBreak']);
    for (const field of [...questionFields, ...documentFields, ...extraInfoKeys, ...QUESTION_TYPES])
      expect(page).toContain(`\`${field}\``);
  });
});
