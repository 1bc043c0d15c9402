import { useState, type FormEvent } from 'react';
import { ANSWER_EMPTY_TEXT } from '@live/rules/play-rules';
import { FormError, TextAreaField } from '../../components/Field';
import { command } from '../../realtime/connection';
import { t } from '../../texts';

interface AnswerFormProps {
  initial?: string;
  /** Returns an error text, or null when the answer may be sent. */
  validate?(answer: string): string | null;
  /** gp proposes to the team, sp answers alone (quiz-single). */
  mode: 'team' | 'single';
  withChat?: boolean;
  hint?: string;
  rows?: number;
}

/** Free-text answer (4 rows): propose (gp) or chat (gc) for teams, submit (sp) in single mode; Shift+Enter proposes. */
export function AnswerForm({ initial = '', validate, mode, withChat = true, hint, rows = 4 }: AnswerFormProps) {
  const [answer, setAnswer] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(type: 'gp' | 'gc' | 'sp') {
    const problem = type === 'gc' ? (answer.trim() === '' ? ANSWER_EMPTY_TEXT : null) : (validate?.(answer) ?? null);
    if (problem) {
      setError(problem);
      return;
    }
    // The answer passed the checks: the last check's complaint no longer applies while it is sent.
    setError(null);
    setBusy(true);
    const reply = await command(type, { message: answer });
    setBusy(false);
    if (reply.success) {
      setAnswer(initial);
      setInfo(type === 'sp' ? t.question.submitted : null);
    } else setError(reply.message ?? t.question.sendFailed);
  }

  const primary = mode === 'single' ? 'sp' : 'gp';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    void send(primary);
  };

  return (
    <form className="answer-form" onSubmit={submit} noValidate>
      <TextAreaField
        label={t.question.answer}
        value={answer}
        onValue={setAnswer}
        rows={rows}
        onSubmitShortcut={submit}
        hint={hint ?? t.question.shiftEnter}
        aria-invalid={error !== null}
      />
      <FormError message={error} />
      {info && (
        <p className="success" role="status">
          {info}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {mode === 'single' ? t.question.submit : t.question.propose}
        </button>
        {mode === 'team' && withChat && (
          <button type="button" className="button" disabled={busy} onClick={() => void send('gc')}>
            {t.question.chat}
          </button>
        )}
      </div>
    </form>
  );
}
