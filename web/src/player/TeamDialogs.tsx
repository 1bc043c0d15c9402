import { useState, type FormEvent } from 'react';
import { createTeam, HttpError, refusalText } from '../api/http';
import { SLOW_MS } from '../api/queue';
import { Field, FormError, TextAreaField } from '../components/Field';
import { Modal } from '../components/Modal';
import { teamFormProblemOf } from '@live/rules/forms';
import { MAX_NAME_LENGTH } from '@live/rules/names';
import { t } from '../texts';
import { FIELD_MAXIMA } from '@live/rules/field-limits';

interface CreateTeamDialogProps {
  open: boolean;
  registrationsOpen: boolean;
  onCancel(): void;
  /** Called with the new team's id and password to select it. */
  onCreated(id: string, password: string): void;
}

/** Create team: name, password, city, description; only a notice when registrations are closed. */
export function CreateTeamDialog({ open, registrationsOpen, onCancel, onCreated }: CreateTeamDialogProps) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [city, setCity] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = teamFormProblemOf({ name, password, stadt: city, beschreibung: description });
    if (problem)
      return setError(
        problem === 'missing'
          ? t.findTeam.requiredAll
          : problem === 'passwordTooShort'
            ? t.findTeam.passwordTooShort
            : t.findTeam.nameTooLong,
      );
    setBusy(true);
    try {
      const team = await createTeam({ name, newPassword: password, stadt: city, beschreibung: description });
      setError(null);
      onCreated(team.id, password);
    } catch (err) {
      setError(
        err instanceof HttpError && err.status === 409
          ? t.findTeam.create409
          : refusalText(
              err,
              err instanceof HttpError && err.status === 403 ? t.findTeam.registrationsClosed : t.findTeam.createOther,
            ),
      );
    } finally {
      setBusy(false);
    }
  }

  if (!registrationsOpen) {
    return (
      <Modal
        open={open}
        title={t.findTeam.createHeading}
        onClose={onCancel}
        footer={
          <button type="button" className="button" onClick={onCancel}>
            {t.forms.cancel}
          </button>
        }
      >
        <p role="alert">{t.findTeam.registrationsClosed}</p>
      </Modal>
    );
  }
  return (
    <Modal open={open} title={t.findTeam.createHeading} onClose={onCancel}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t.findTeam.name} value={name} onValue={setName} required maxLength={MAX_NAME_LENGTH} />
        <Field
          label={t.findTeam.password}
          type="password"
          value={password}
          onValue={setPassword}
          required
          autoComplete="new-password"
        />
        <Field label={t.findTeam.city} value={city} onValue={setCity} required maxLength={FIELD_MAXIMA.teamCity} />
        <TextAreaField
          label={t.findTeam.description}
          value={description}
          onValue={setDescription}
          rows={3}
          required
          maxLength={FIELD_MAXIMA.teamDescription}
        />
        <FormError message={error} />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t.findTeam.create}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t.forms.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface JoinTeamDialogProps {
  team: { id: string; name: string } | null;
  onCancel(): void;
  onJoin(id: string, password: string): Promise<void>;
}

/** Join team: the team name (disabled) and its password. */
export function JoinTeamDialog({ team, onCancel, onJoin }: JoinTeamDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [inLine, setInLine] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!team) return;
    if (password === '') return setError(t.findTeam.passwordRequired);
    setError(null);
    // In a surge the join waits in the server's hashing line or for its appointment (resent by itself): say why.
    const slow = setTimeout(() => setInLine(true), SLOW_MS);
    try {
      await onJoin(team.id, password);
    } finally {
      clearTimeout(slow);
      setInLine(false);
    }
  }
  return (
    <Modal open={team !== null} title={t.findTeam.joinHeading} onClose={onCancel}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t.findTeam.name} value={team?.name ?? ''} onValue={() => undefined} disabled />
        <Field label={t.findTeam.password} type="password" value={password} onValue={setPassword} required autoFocus />
        <FormError message={error} />
        {inLine && <p role="status">{t.findTeam.inLine}</p>}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t.findTeam.join}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t.forms.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
