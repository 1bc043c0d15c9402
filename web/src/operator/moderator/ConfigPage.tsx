import { useCallback, useEffect, useMemo, useState } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { FileDropZone } from '../../components/FileDropZone';
import { HttpError } from '../../api/http';
import { createQuiz, importToml, listQuizzes, saveQuiz, type Quiz } from '../../api/operator';
import { Field, TextAreaField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { normalizeContent, type ContentProblem } from '@live/rules/quiz-content';
import { checkQuizForm, sortQuizzesByIdDesc, type NewQuizProblem } from '../../logic/quiz';
import type { Question } from '../../../../events';
import { t } from '../../texts/operator';
import { Panel, useNotify } from '../shared';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The server's texts for the quiz rules' problems (the spec's messages). */
const PROBLEM_TEXTS: Record<NewQuizProblem, string> = {
  nameMissing: t.config.nameMissing,
  yearWeekMissing: t.config.yearWeekMissing,
  questionsMissing: t.config.questionsMissing,
  unreadable: t.config.unreadable,
  invalid: t.config.saveFailed,
};
const contentProblemText = (problem: ContentProblem) => PROBLEM_TEXTS[problem];

/** Preview of a content list: round, number, category, question, answer, options. */
export function QuizPreviewTable({ questions }: { questions: readonly Question[] }) {
  if (questions.length === 0) return <p className="muted">{t.config.previewEmpty}</p>;
  const c = t.config.columns;
  return (
    <div className="table-scroll">
      <table className="table table--compact">
        <ColumnHeads labels={[c.round, c.number, c.category, c.question, c.answer, c.options]} />
        <tbody>
          {questions.map((q) => (
            <tr key={`${q.round}.${q.number}`}>
              <td>{q.round}</td>
              <td>{q.number}</td>
              <td>{q.category}</td>
              <td>{q.question}</td>
              <td>{q.answer}</td>
              <td>{q.options.join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** TOML drop zone (or file chooser): the server parses it (POST /api/quizzes/import) into content. */
function TomlDrop({
  form,
  onImport,
}: {
  form: { name: string; yearWeek: string };
  onImport(content: Question[], title: { name: string; yearWeek: string }): void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function read(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const preview = await importToml(await file.text(), form);
      onImport(preview.content, { name: preview.name, yearWeek: preview.yearWeek });
      notify(t.config.imported(preview.content.length), 'success');
    } catch (error) {
      notify(
        error instanceof HttpError && error.detail ? `${t.config.importFailed} ${error.detail}` : t.config.importFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <FileDropZone
      dropText={t.config.drop}
      chooseText={t.config.choose}
      accept=".toml,text/plain,application/toml"
      onFiles={(files) => void read(files[0])}
    >
      <p role="status">
        {busy && (
          <>
            <Spinner /> {t.config.importing}
          </>
        )}
      </p>
    </FileDropZone>
  );
}

/** New quiz: name, year_week, TOML import, editable JSON content, preview, save with the spec's checks. */
function NewQuizForm({ onSaved }: { onSaved(): void }) {
  const notify = useNotify();
  const [name, setName] = useState('');
  const [yearWeek, setYearWeek] = useState('');
  const [contentText, setContentText] = useState('');
  // The questions as the server would store them (the engine's rule), or why it would refuse them.
  const checked = useMemo(() => (contentText.trim() === '' ? null : normalizeContent(contentText)), [contentText]);
  const preview = checked?.ok ? checked.content : [];

  async function save() {
    const form = checkQuizForm({ name, yearWeek, contentText });
    if (!form.ok) return notify(PROBLEM_TEXTS[form.problem]);
    try {
      await createQuiz({ name: name.trim(), yearWeek: yearWeek.trim(), content: form.content });
      notify(t.config.saved, 'success');
      onSaved();
    } catch (error) {
      notify(error instanceof HttpError && error.detail ? error.detail : t.config.saveFailed);
    }
  }

  return (
    <Panel title={t.config.newHeading}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="grid-2">
          <Field label={t.config.name} value={name} onValue={setName} />
          <Field label={t.config.yearWeek} value={yearWeek} onValue={setYearWeek} />
        </div>
        <TomlDrop
          form={{ name, yearWeek }}
          onImport={(content, title) => {
            setContentText(pretty(content));
            if (!name.trim()) setName(title.name);
            if (!yearWeek.trim()) setYearWeek(title.yearWeek);
          }}
        />
        <TextAreaField
          label={t.config.content}
          hint={checked && !checked.ok ? contentProblemText(checked.problem) : t.config.contentHint}
          value={contentText}
          onValue={setContentText}
          rows={10}
          className="code"
          aria-invalid={checked !== null && !checked.ok}
        />
        <h3>{t.config.preview}</h3>
        <QuizPreviewTable questions={preview} />
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t.config.save}
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** One editable row of "Alle Quizes": week, name and content as JSON, saved with PATCH. */
function QuizRow({ quiz }: { quiz: Quiz }) {
  const notify = useNotify();
  const [name, setName] = useState(quiz.name);
  const [yearWeek, setYearWeek] = useState(quiz.yearWeek);
  const [contentText, setContentText] = useState(() => pretty(quiz.content));
  const label = (field: string) => t.config.rowLabel(quiz.id, field);

  async function save() {
    const content = normalizeContent(contentText);
    if (!content.ok) return notify(contentProblemText(content.problem));
    try {
      await saveQuiz(quiz.id, { name: name.trim(), yearWeek: yearWeek.trim(), content: content.content });
      notify(t.config.saved, 'success');
    } catch (error) {
      notify(error instanceof HttpError && error.detail ? error.detail : t.config.saveFailed);
    }
  }

  return (
    <tr>
      <th scope="row">{quiz.id}</th>
      <td>
        <input
          aria-label={label(t.config.allColumns.week)}
          value={yearWeek}
          onChange={(e) => setYearWeek(e.target.value)}
        />
      </td>
      <td>
        <input aria-label={label(t.config.allColumns.name)} value={name} onChange={(e) => setName(e.target.value)} />
      </td>
      <td>
        <textarea
          aria-label={label(t.config.allColumns.content)}
          className="code"
          rows={4}
          value={contentText}
          onChange={(e) => setContentText(e.target.value)}
        />
      </td>
      <td>
        <button type="button" className="button button--small" onClick={() => void save()}>
          {t.config.rowSave}
        </button>
      </td>
    </tr>
  );
}

function AllQuizzes({ quizzes, failed }: { quizzes: readonly Quiz[]; failed: boolean }) {
  const c = t.config.allColumns;
  return (
    <Panel title={t.config.allHeading}>
      {failed && (
        <p className="form-error" role="alert">
          {t.config.loadFailed}
        </p>
      )}
      {quizzes.length === 0 ? (
        <p className="muted">{t.config.noQuizzes}</p>
      ) : (
        <div className="table-scroll">
          <table className="table quiz-table">
            <thead>
              <tr>
                <th scope="col">{c.id}</th>
                <th scope="col">{c.week}</th>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.content}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.config.rowSave}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quizzes.map((quiz) => (
                <QuizRow key={quiz.id} quiz={quiz} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Moderator config: the new-quiz form and every quiz, sorted by id descending. */
export function ConfigPage() {
  const [quizzes, setQuizzes] = useState<Quiz[]>([]);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    listQuizzes().then(
      (list) => {
        setQuizzes(sortQuizzesByIdDesc(list));
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(reload, [reload]);
  return (
    <div className="page operator">
      <h1>{t.config.heading}</h1>
      <NewQuizForm onSaved={reload} />
      <AllQuizzes quizzes={quizzes} failed={failed} />
    </div>
  );
}
