import { useState, type FormEvent } from 'react';
import { refusalText, sendGreeting } from '../api/http';
import { Field, FormError, TextAreaField } from '../components/Field';
import { SendButton, useSendStatus } from '../components/SendButton';
import { greetingProblemOf } from '@live/rules/forms';
import { GREETING_MESSAGE_MAX_LENGTH } from '@live/rules/forms';
import { MAX_NAME_LENGTH } from '@live/rules/names';
import { t } from '../texts';

/** Greet the wall: name and message, states idle, sending, didSend, error. */
export function GrussPage() {
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const { status, error, setError, send } = useSendStatus();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = greetingProblemOf(name, message);
    if (problem) {
      setError(t.gruss[problem]);
      return;
    }
    // A refusal says why, e.g. too many greetings from this address, with the wait.
    if (
      await send(
        () => sendGreeting(name, message),
        (err) => refusalText(err, t.forms.failure),
      )
    )
      setMessage('');
  }

  return (
    <div className="page page--narrow">
      <form className="card form" onSubmit={submit} noValidate>
        <h1>{t.gruss.heading}</h1>
        <p>{t.gruss.intro}</p>
        <Field label={t.gruss.name} value={name} onValue={setName} maxLength={MAX_NAME_LENGTH + 10} />
        <TextAreaField
          label={t.gruss.message}
          value={message}
          onValue={setMessage}
          rows={3}
          maxLength={GREETING_MESSAGE_MAX_LENGTH + 10}
        />
        {status !== 'error' && <FormError message={error} />}
        <SendButton status={status} didSendText={t.gruss.didSend} errorMessage={error} />
      </form>
    </div>
  );
}
