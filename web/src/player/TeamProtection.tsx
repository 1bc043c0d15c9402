import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Field, FormError } from '../components/Field';
import { command } from '../realtime/connection';
import type { TeamView } from '../realtime/views';
import { useAppDispatch, useAppSelector } from '../store';
import { selectUser } from '../store/selectors';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { TEAM_PASSWORD_MIN_LENGTH } from '@live/rules/forms';

const texts = t.teamProtection;

/** A button that asks once more ("Wirklich …?") before it acts; the question is announced to screen readers. */
function ConfirmedAction({
  label,
  question,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  onConfirm(): Promise<void> | void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button" onClick={() => setAsking(true)} disabled={disabled}>
        {label}
      </button>
    );
  }
  return (
    <div className="confirm" role="alertdialog" aria-label={question}>
      <p>{question}</p>
      <button
        type="button"
        className="button button--danger"
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {texts.yes}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        {texts.cancel}
      </button>
    </div>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="team-protection__section">
      <h2>{heading}</h2>
      {children}
    </section>
  );
}

/** gpw: the member's own password proves it is them; the new team password has at least 6 characters. */
function NewTeamPassword({ done }: { done(text: string): void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  function ask(e: FormEvent) {
    e.preventDefault();
    if ([...newPassword].length < TEAM_PASSWORD_MIN_LENGTH) return setError(texts.passwordTooShort);
    setError(null);
    setAsking(true);
  }

  async function change() {
    setAsking(false);
    const reply = await command('gpw', { currentPassword, newPassword });
    if (!reply.success) return setError(reply.message ?? texts.failed);
    setCurrentPassword('');
    setNewPassword('');
    done(texts.passwordChanged);
  }

  return (
    <form onSubmit={ask} noValidate>
      <Field
        label={texts.currentPassword}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onValue={setCurrentPassword}
      />
      <Field
        label={texts.newPassword}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onValue={setNewPassword}
        hint={texts.newPasswordHint}
      />
      <FormError message={error} />
      {asking ? (
        <div className="confirm" role="alertdialog" aria-label={texts.confirmPassword}>
          <p>{texts.confirmPassword}</p>
          <button type="button" className="button button--danger" onClick={change}>
            {texts.yes}
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {texts.cancel}
          </button>
        </div>
      ) : (
        <button type="submit" className="button">
          {texts.changePassword}
        </button>
      )}
    </form>
  );
}

/**
 * The team page's protection (PROTOCOL.md wave 5): a new team password, ending invite links, taking
 * out members who joined after oneself, leaving. Each asks once more before it acts.
 */
export function TeamProtection({ team }: { team: TeamView }) {
  const me = useAppSelector(selectUser)?.id ?? null;
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const members = Object.entries(team.members);
  const mine = me === null ? -1 : members.findIndex(([id]) => id === me);
  const later = mine < 0 ? [] : members.slice(mine + 1);

  const done = (text: string) => {
    setError(null);
    dispatch(uiActions.noticeAdded(text, 'success'));
  };
  async function send(type: 'glr' | 'gx' | 'gr', content: object, success: string) {
    const reply = await command(type, content);
    if (!reply.success) return setError(reply.message ?? texts.failed);
    done(success);
    if (type === 'gx') navigate('/');
  }

  return (
    <div className="card team-protection">
      <h1>{texts.heading}</h1>
      <p className="hint">{texts.intro}</p>
      <Section heading={texts.passwordHeading}>
        <NewTeamPassword done={done} />
      </Section>
      <Section heading={texts.invitesHeading}>
        <ConfirmedAction
          label={texts.endInvites}
          question={texts.confirmEndInvites}
          onConfirm={() => send('glr', {}, texts.invitesEnded)}
        />
      </Section>
      <Section heading={texts.membersHeading}>
        {later.length === 0 ? (
          <p className="hint">{texts.nobodyLater}</p>
        ) : (
          <ul className="team-protection__members">
            {later.map(([id, member]) => (
              <li key={id}>
                <span>{member.name}</span>{' '}
                <ConfirmedAction
                  label={texts.remove}
                  question={texts.confirmRemove(member.name)}
                  onConfirm={() => send('gr', { userId: id }, texts.removed)}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section heading={texts.leaveHeading}>
        <ConfirmedAction
          label={texts.leave}
          question={texts.confirmLeave(team.name)}
          onConfirm={() => send('gx', {}, texts.left)}
        />
      </Section>
      <FormError message={error} />
    </div>
  );
}
