import { contentAsJson, previewQuizImport } from '../../src/http/quiz-import';

const QUIZ = `
name = "Quiz am Freitag"
yearWeek = "2026-47"

[1.1]
type = "normal"
category = "(2) Geografie"
question = "Hauptstadt von Kanada?"
answer = "Ottawa"

[1.2]
type = "abcd"
category = "Musik"
question = "Wer sang Atemlos?"
answer = "B"
options = ["Nena", "Helene Fischer", "Sarah Connor", "Lena"]

[2.1]
question = "Regisseur von Metropolis?"
answer = "Fritz Lang"
points = 3
extra_info = '{"optionNum": 2}'
`;

describe('quiz import (TOML: rounds holding numbered questions)', () => {
  it('previews name, year week and the questions in position order, with the stored defaults', () => {
    const result = previewQuizImport(QUIZ);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.preview.name).toBe('Quiz am Freitag');
    expect(result.preview.yearWeek).toBe('2026-47');
    expect(result.preview.content).toEqual([
      {
        type: 'normal',
        round: 1,
        number: 1,
        category: '(2) Geografie',
        question: 'Hauptstadt von Kanada?',
        answer: 'Ottawa',
        points: -1,
        options: [],
        extraInfo: {},
      },
      {
        type: 'abcd',
        round: 1,
        number: 2,
        category: 'Musik',
        question: 'Wer sang Atemlos?',
        answer: 'B',
        points: -1,
        options: ['Nena', 'Helene Fischer', 'Sarah Connor', 'Lena'],
        extraInfo: {},
      },
      {
        type: 'normal',
        round: 2,
        number: 1,
        category: '',
        question: 'Regisseur von Metropolis?',
        answer: 'Fritz Lang',
        points: 3,
        options: [],
        extraInfo: { optionNum: 2 },
      },
    ]);
    expect(JSON.parse(contentAsJson(result.preview.content))).toEqual(result.preview.content);
  });

  it('takes rounds from a rounds table or from arrays of tables counting from 1', () => {
    const result = previewQuizImport(
      `
year_week = "2026-48"
[[rounds]]
[[rounds]]
[[rounds.1]]
question = "Erste Frage der zweiten Runde"
`.replace('[[rounds]]\n[[rounds]]\n[[rounds.1]]', '[rounds.2.1]'),
      { name: 'Aus dem Formular' },
    );
    expect(result).toMatchObject({
      ok: true,
      preview: { name: 'Aus dem Formular', yearWeek: '2026-48', content: [{ round: 2, number: 1 }] },
    });
    const arrays = previewQuizImport(
      'name = "A"\nyearWeek = "1"\nrounds = [[{question = "r1q1"}, {question = "r1q2"}], [{question = "r2q1"}]]',
    );
    expect(arrays.ok && arrays.preview.content.map((q) => [q.round, q.number, q.question])).toEqual([
      [1, 1, 'r1q1'],
      [1, 2, 'r1q2'],
      [2, 1, 'r2q1'],
    ]);
  });

  it('refuses with the spec texts: no name, no year week, no questions', () => {
    expect(previewQuizImport('yearWeek = "2026-47"\n[1.1]\nquestion = "x"')).toEqual({
      ok: false,
      errors: [{ detail: 'Kein Quizname gesetzt. Das Quiz wurde nicht gespeichert' }],
    });
    expect(previewQuizImport('name = "Q"\n[1.1]\nquestion = "x"')).toEqual({
      ok: false,
      errors: [{ detail: 'Kein YearWeek gesetzt. Das Quiz wurde nicht gespeichert' }],
    });
    expect(previewQuizImport('name = "Q"\nyearWeek = "2026-47"')).toEqual({
      ok: false,
      errors: [{ detail: 'Keine Fragen gesetzt gesetzt. Das Quiz wurde nicht gespeichert' }],
    });
  });

  it('reports a syntax error with its line and reason', () => {
    const result = previewQuizImport('name = "Q"\nyearWeek = \n[1.1]');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ line: 2, column: 12 });
    expect(result.errors[0]!.detail).toMatch(/^Zeile 2, Spalte 12: Expected/);
  });

  it('reports a key defined twice with its line', () => {
    const result = previewQuizImport('name = "Q"\nname = "R"');
    expect(result).toEqual({
      ok: false,
      errors: [{ detail: "Zeile 2, Spalte 1: Cannot redefine existing key 'name'.", line: 2, column: 1 }],
    });
  });

  it('refuses content the engine would refuse: an unknown type, or extra_info that is not JSON', () => {
    expect(previewQuizImport('name = "Q"\nyearWeek = "1"\n[1.1]\ntype = "raten"')).toEqual({
      ok: false,
      errors: [{ detail: 'Es ist ein Fehler beim Speichern aufgetreten.' }],
    });
    expect(previewQuizImport('name = "Q"\nyearWeek = "1"\n[1.1]\nextra_info = "{kaputt"')).toEqual({
      ok: false,
      errors: [{ detail: 'konnte String nicht einlesen.' }],
    });
  });
});
