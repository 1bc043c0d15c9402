/** /admin/users: "Benutzer und Rollen" — search users, see and toggle their roles (PUT /api/users/:id/roles). */
import { memo, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ROLES, type Role } from '../../../../events';
import { HttpError } from '../../api/http';
import { eraseUser, setUserRoles } from '../../api/userRoles';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { createResetLink } from '../../api/passwordReset';
import { t } from '../../texts/operator';
import { useCommand, useNotify } from '../shared';
import { WindowedTable, type RowProps } from '../Windowed';
import { useUserList } from './useUserList';
import { matchingUsers, withRole, type RoleHolder } from './userRoles';

const roleNames = (roles: readonly string[]) =>
  roles.length === 0 ? t.userRoles.none : roles.map((r) => t.userRoles.roles[r] ?? r).join(', ');

/** abl: block (or unblock) a user; the pushed operator view shows the new state. */
function BlockButton({ user }: { user: RoleHolder }) {
  const send = useCommand();
  const [sending, setSending] = useState(false);
  const blocked = user.blocked ?? false;
  async function toggle() {
    if (!blocked && !window.confirm(t.userRoles.blockConfirm(user.name))) return;
    setSending(true);
    try {
      await send(
        'abl',
        { userId: user.id, blocked: !blocked },
        blocked ? t.userRoles.unblocked(user.name) : t.userRoles.blocked(user.name),
      );
    } finally {
      setSending(false);
    }
  }
  return (
    <button
      type="button"
      className={`button button--small ${blocked ? '' : 'button--danger'}`}
      disabled={sending}
      onClick={() => void toggle()}
      aria-label={blocked ? t.userRoles.unblockLabel(user.name) : t.userRoles.blockLabel(user.name)}
    >
      {blocked ? t.userRoles.unblock : t.userRoles.block}
    </button>
  );
}

/**
 * DELETE /api/users/:id: the account goes for good. The server wants the acting admin's current
 * password (a stolen token alone erases nobody) and refuses the last admin who can log in.
 */
function EraseButton({ user }: { user: RoleHolder }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  function ask() {
    if (window.confirm(t.userRoles.eraseConfirm(user.name))) setAsking(true);
  }
  async function erase(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await eraseUser(user.id, password);
      notify(t.userRoles.erased(user.name), 'success');
      setAsking(false);
    } catch (error) {
      notify(error instanceof HttpError && error.detail ? error.detail : t.userRoles.failed);
    } finally {
      setPassword('');
      setSending(false);
    }
  }
  if (!asking) {
    return (
      <button
        type="button"
        className="button button--small button--danger"
        onClick={ask}
        aria-label={t.userRoles.eraseLabel(user.name)}
      >
        {t.userRoles.erase}
      </button>
    );
  }
  return (
    <form className="user-roles__erase" onSubmit={(e) => void erase(e)} aria-label={t.userRoles.eraseLabel(user.name)}>
      <Field
        label={t.userRoles.erasePassword}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
      />
      <button type="submit" className="button button--small button--danger" disabled={sending || password === ''}>
        {t.userRoles.eraseNow}
      </button>{' '}
      <button type="button" className="button button--small" disabled={sending} onClick={() => setAsking(false)}>
        {t.userRoles.eraseCancel}
      </button>
    </form>
  );
}

/** POST /api/users/:id/reset-link: a one-time link for a new password, shown to copy and hand over. */
function ResetLinkButton({ user }: { user: RoleHolder }) {
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  async function make() {
    setSending(true);
    try {
      setUrl(await createResetLink(user.id));
    } catch (error) {
      notify(error instanceof HttpError && error.detail ? error.detail : t.userRoles.failed);
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={sending}
        onClick={() => void make()}
        aria-label={t.userRoles.resetLinkLabel(user.name)}
      >
        {t.userRoles.resetLink}
      </button>
      <Modal open={url !== null} title={t.userRoles.resetLinkTitle(user.name)} onClose={() => setUrl(null)}>
        <p>{t.userRoles.resetLinkHint}</p>
        <input
          className="reset-link"
          readOnly
          value={url ?? ''}
          aria-label={t.userRoles.resetLinkTitle(user.name)}
          onFocus={(e) => e.currentTarget.select()}
        />
      </Modal>
    </>
  );
}

export const UserRow = memo(function UserRow({
  user,
  onSaved,
  rowProps,
}: {
  user: RoleHolder;
  onSaved(user: RoleHolder): void;
  rowProps?: RowProps;
}) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  async function toggle(role: Role, on: boolean) {
    setSaving(true);
    try {
      const saved = await setUserRoles(user.id, withRole(user.perm, role, on));
      onSaved(saved);
      notify(t.userRoles.saved(saved.name, roleNames(saved.perm)), 'success');
    } catch (error) {
      notify(error instanceof HttpError && error.detail ? error.detail : t.userRoles.failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <tr aria-busy={saving} className={user.blocked ? 'user-roles__blocked' : undefined} {...rowProps}>
      <th scope="row">
        {user.name}
        {user.blocked && <span className="muted">{` (${t.userRoles.isBlocked})`}</span>}
      </th>
      <td>{user.login}</td>
      {ROLES.map((role) => (
        <td key={role} className="user-roles__toggle">
          <input
            type="checkbox"
            checked={user.perm.includes(role)}
            disabled={saving}
            aria-label={t.userRoles.toggle(t.userRoles.roles[role] ?? role, user.name)}
            onChange={(e) => void toggle(role, e.target.checked)}
          />
        </td>
      ))}
      <td className="user-roles__actions">
        <ResetLinkButton user={user} /> <BlockButton user={user} /> <EraseButton user={user} />
      </td>
    </tr>
  );
});

export function UserRolesPage() {
  const list = useUserList();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => matchingUsers(list.users, query), [list.users, query]);
  return (
    <div className="page operator">
      <header className="section-head">
        <h1>{t.userRoles.heading}</h1>
        <Link href="/admin" className="button button--small">
          {t.userRoles.back}
        </Link>
      </header>
      <p className="muted">{t.userRoles.intro}</p>
      <section className="card panel stack">
        <Field
          label={t.userRoles.search}
          type="search"
          value={query}
          onValue={setQuery}
          hint={t.userRoles.searchHint}
        />
        {list.status === 'loading' && (
          <p className="muted" role="status">
            {t.userRoles.loading}
          </p>
        )}
        {list.status === 'loaded' && (
          <>
            <p className="muted" role="status">
              {t.userRoles.count(shown.length, list.users.length)}
            </p>
            {shown.length === 0 ? (
              <p className="muted">{t.userRoles.noMatch}</p>
            ) : (
              <WindowedTable
                items={shown}
                className="table table--compact user-roles"
                columns={3 + ROLES.length}
                before={<caption className="visually-hidden">{t.userRoles.caption}</caption>}
                head={
                  <tr>
                    <th scope="col">{t.userRoles.colName}</th>
                    <th scope="col">{t.userRoles.colLogin}</th>
                    {ROLES.map((role) => (
                      <th key={role} scope="col">
                        {t.userRoles.roles[role] ?? role}
                      </th>
                    ))}
                    <th scope="col">{t.userRoles.colBlock}</th>
                  </tr>
                }
                row={(user, _index, rowProps) => (
                  <UserRow key={user.id} user={user} onSaved={list.replace} rowProps={rowProps} />
                )}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
