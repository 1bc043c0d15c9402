/**
 * Moderation (PROTOCOL.md, wave 3): hide a lobby chat message for everybody (mlh) or a greeting (mgh), mute a player's
 * lobby and team chat for some minutes or lift it (amu), take a member out of a team (mtr). Each is an
 * event naming who did it, so the replay shows it.
 */
import { PictureToggle } from './PictureToggle';
import { useEffect, useMemo, useState } from 'react';
import { MAX_LOBBY_SLOW_SECONDS, MAX_MUTE_MINUTES } from '@live/rules/lobby-chat';
import { MAX_NAME_LENGTH } from '@live/rules/names';
import { teamMemberIds } from '../../api/operator';
import type { LobbyChatEntry } from '../../realtime/views';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { selectOperatorLists, selectOperatorTeams, selectOperatorUsers, userNameOrPlaceholder } from '../operatorLists';
import type { OperatorUserEntry } from '@live/views/operator-view';
import { Panel, useCommand, useNotify } from '../shared';
import { FilteredSelect } from '../FilteredSelect';

const NO_ENTRIES: LobbyChatEntry[] = [];
/** Users shown at once for a search: enough to pick from, few enough for a night of 5,000 players. */
const USERS_SHOWN = 30;
const DEFAULT_MUTE_MINUTES = 15;

export function ModerationPanel() {
  return (
    <Panel title={t.moderation.heading} className="moderation">
      <LobbyModeration />
      <HiddenLobbyLines />
      <GreetingModeration />
      <MuteUsers />
      <TeamContent />
      <RemoveFromTeam />
      <HiddenPictures />
    </Panel>
  );
}

/** Entries of a chat-like list, each with a button that hides it for everybody. */
function HideableList({
  heading,
  empty,
  entries,
  hideLabel,
  hide,
}: {
  heading: string;
  empty: string;
  entries: ReadonlyArray<{ id: string; author: string; message: string }>;
  hideLabel(author: string): string;
  hide(id: string): void;
}) {
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="chat-list">
          {entries.map((entry) => (
            <li key={entry.id} className="chat-entry">
              <strong>{entry.author}:</strong> {entry.message}{' '}
              <button
                type="button"
                className="button button--small"
                aria-label={hideLabel(entry.author)}
                onClick={() => hide(entry.id)}
              >
                {t.moderation.hide}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LobbyModeration() {
  const lobbyChat = useAppSelector((s) => selectGlobal(s)?.lobbyChat ?? NO_ENTRIES);
  const entries = useMemo(
    () => lobbyChat.map((entry) => ({ id: entry.id, author: entry.user, message: entry.message })),
    [lobbyChat],
  );
  const send = useCommand();
  return (
    <>
      <LobbyForEveryone />
      <HideableList
        heading={t.moderation.lobbyHeading}
        empty={t.moderation.lobbyEmpty}
        entries={entries}
        hideLabel={t.moderation.hideLabel}
        hide={(messageId) => void send('mlh', { messageId }, t.moderation.hidden)}
      />
    </>
  );
}

/** mlc and msl: the lobby chat open or closed, and slow mode for everyone (the server's state is what the controls show). */
function LobbyForEveryone() {
  const open = useAppSelector((s) => selectGlobal(s)?.lobbyChatOpen ?? true);
  const slowSeconds = useAppSelector((s) => selectGlobal(s)?.lobbyChatSlowSeconds ?? 0);
  const [seconds, setSeconds] = useState(String(slowSeconds));
  useEffect(() => setSeconds(String(slowSeconds)), [slowSeconds]);
  const send = useCommand();
  return (
    <div className="form-row">
      <label>
        <input
          type="checkbox"
          checked={open}
          onChange={(e) =>
            void send(
              'mlc',
              { open: e.target.checked },
              e.target.checked ? t.moderation.lobbyOpened : t.moderation.lobbyClosed,
            )
          }
        />{' '}
        {t.moderation.lobbyOpen}
      </label>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send('msl', { seconds: Number(seconds) }, t.moderation.slowDone(Number(seconds)));
        }}
      >
        <label>
          {t.moderation.slowSeconds}{' '}
          <input
            type="number"
            min={0}
            max={MAX_LOBBY_SLOW_SECONDS}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          />
        </label>{' '}
        <button type="submit" className="button button--small">
          {t.moderation.slowSet}
        </button>
      </form>
    </div>
  );
}

const NO_GREETINGS: Array<{ id: string; name: string; message: string }> = [];

function GreetingModeration() {
  const greetings = useAppSelector((s) => s.live.views.moderator?.greetings ?? NO_GREETINGS);
  const entries = useMemo(
    () => greetings.map((greeting) => ({ id: greeting.id, author: greeting.name, message: greeting.message })),
    [greetings],
  );
  const send = useCommand();
  return (
    <HideableList
      heading={t.moderation.greetingsHeading}
      empty={t.moderation.greetingsEmpty}
      entries={entries}
      hideLabel={t.moderation.hideGreetingLabel}
      hide={(greetingId) => void send('mgh', { greetingId }, t.moderation.greetingHidden)}
    />
  );
}

/** A user's mute and block state as the operator view pushes it (the mute compared with this screen's clock). */
function userState(user: OperatorUserEntry, now: number): string {
  if (user.blocked) return t.moderation.stateBlocked;
  if (user.mutedUntil !== undefined && user.mutedUntil > now)
    return t.moderation.stateMuted(
      new Date(user.mutedUntil).toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' }),
    );
  return t.moderation.stateFree;
}

/** Asks for a new name, then confirms it; null when the moderator cancelled or kept the name. */
function askNewName(prompt: string, before: string): string | null {
  // One past the maximum is enough for the server's refusal to name it; no frame carries a pasted novel.
  const after = window
    .prompt(prompt, before)
    ?.trim()
    .slice(0, MAX_NAME_LENGTH + 1);
  if (!after || after === before) return null;
  return window.confirm(t.moderation.renameConfirm(before, after)) ? after : null;
}

/** Players and testers (admins and moderators cannot be muted): each with their mute and block state, mute, lift, block, unblock and rename. */
function MuteUsers() {
  const users = useAppSelector(selectOperatorUsers);
  const [filter, setFilter] = useState('');
  const [minutes, setMinutes] = useState(String(DEFAULT_MUTE_MINUTES));
  const send = useCommand();
  const players = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return users.filter(
      (u) =>
        !u.roles.includes('admin') &&
        !u.roles.includes('moderator') &&
        (needle === '' || u.name.toLowerCase().includes(needle) || u.login.toLowerCase().includes(needle)),
    );
  }, [users, filter]);
  const shown = players.slice(0, USERS_SHOWN);
  const muteMinutes = Number(minutes);
  const now = Date.now();

  return (
    <section aria-label={t.moderation.usersHeading}>
      <h3>{t.moderation.usersHeading}</h3>
      <div className="form-row">
        <label>
          {t.moderation.userFilter}{' '}
          <input
            type="search"
            value={filter}
            placeholder={t.moderation.userFilterHint}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
        <label>
          {t.moderation.minutes}{' '}
          <input
            type="number"
            min={1}
            max={MAX_MUTE_MINUTES}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </label>
      </div>
      <ul className="plain-list">
        {shown.map((user) => (
          <li key={user.id}>
            {user.name} <span className="muted">({user.login})</span>{' '}
            <span className="badge" data-testid="user-state">
              {userState(user, now)}
            </span>{' '}
            <button
              type="button"
              className="button button--small"
              aria-label={t.moderation.muteLabel(user.name)}
              onClick={() =>
                void send('amu', { userId: user.id, minutes: muteMinutes }, t.moderation.muted(user.name, muteMinutes))
              }
            >
              {t.moderation.mute}
            </button>{' '}
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={t.moderation.unmuteLabel(user.name)}
              onClick={() => void send('amu', { userId: user.id, minutes: 0 }, t.moderation.unmuted(user.name))}
            >
              {t.moderation.unmute}
            </button>{' '}
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={t.moderation.renameLabel(user.name)}
              onClick={() => {
                const name = askNewName(t.moderation.renameUserPrompt(user.name), user.name);
                if (name) void send('mun', { userId: user.id, name }, t.moderation.renamed(name));
              }}
            >
              {t.moderation.rename}
            </button>{' '}
            {user.blocked ? (
              <button
                type="button"
                className="button button--small"
                aria-label={t.moderation.unblockLabel(user.name)}
                onClick={() => void send('abl', { userId: user.id, blocked: false }, t.moderation.unblocked(user.name))}
              >
                {t.moderation.unblock}
              </button>
            ) : (
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={t.moderation.blockLabel(user.name)}
                onClick={() =>
                  window.confirm(t.moderation.blockConfirm(user.name)) &&
                  void send('abl', { userId: user.id, blocked: true }, t.moderation.blocked(user.name))
                }
              >
                {t.moderation.block}
              </button>
            )}
          </li>
        ))}
      </ul>
      {players.length > shown.length && (
        <p className="muted">{t.moderation.moreUsers(players.length - shown.length)}</p>
      )}
    </section>
  );
}

/** mtn and mtl: a team chosen by name or number, renamed or its logo and link cleared (each confirmed). */
function TeamContent() {
  const teams = useAppSelector(selectOperatorTeams);
  const [teamId, setTeamId] = useState('');
  const choices = useMemo(
    () => teams.map((team) => ({ id: team.id, name: team.name, detail: t.operator.teamNumber(team.number) })),
    [teams],
  );
  const send = useCommand();
  const team = teams.find((candidate) => candidate.id === teamId);
  return (
    <section aria-label={t.moderation.teamContentHeading}>
      <h3>{t.moderation.teamContentHeading}</h3>
      <FilteredSelect
        label={t.moderation.contentTeam}
        placeholder={t.moderation.chooseTeam}
        choices={choices}
        chosen={teamId}
        onChoose={setTeamId}
      />
      {team && (
        <div className="button-row">
          <button
            type="button"
            className="button button--small"
            aria-label={t.moderation.renameLabel(team.name)}
            onClick={() => {
              const name = askNewName(t.moderation.renameTeamPrompt(team.name), team.name);
              if (name) void send('mtn', { teamId: team.id, name }, t.moderation.renamed(name));
            }}
          >
            {t.moderation.rename}
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            aria-label={t.moderation.clearLogoLabel(team.name)}
            onClick={() =>
              window.confirm(t.moderation.clearLogoConfirm(team.name)) &&
              void send('mtl', { teamId: team.id }, t.moderation.logoCleared(team.name))
            }
          >
            {t.moderation.clearLogo}
          </button>
        </div>
      )}
    </section>
  );
}

const NO_HIDDEN_LINES: Array<{ id: string; user: string; message: string }> = [];

/** mlh with hidden false: the lobby lines hidden lately, each shown again with a click. */
function HiddenLobbyLines() {
  const lines = useAppSelector((s) => s.live.views.moderator?.hiddenLobbyChat ?? NO_HIDDEN_LINES);
  const send = useCommand();
  return (
    <section aria-label={t.moderation.hiddenLobbyHeading}>
      <h3>{t.moderation.hiddenLobbyHeading}</h3>
      {lines.length === 0 ? (
        <p className="muted">{t.moderation.hiddenLobbyEmpty}</p>
      ) : (
        <ul className="chat-list">
          {lines.map((line) => (
            <li key={line.id} className="chat-entry">
              <strong>{line.user}:</strong> {line.message}{' '}
              <button
                type="button"
                className="button button--small"
                aria-label={t.moderation.restoreLabel(line.user)}
                onClick={() => void send('mlh', { messageId: line.id, hidden: false }, t.moderation.restored)}
              >
                {t.moderation.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_PICTURES: string[] = [];

/** mph with hidden false: the pictures hidden from players, each shown again with a click. */
function HiddenPictures() {
  const pictures = useAppSelector((s) => s.live.views.moderator?.hiddenPictures ?? NO_PICTURES);
  return (
    <section aria-label={t.moderation.hiddenPicturesHeading}>
      <h3>{t.moderation.hiddenPicturesHeading}</h3>
      {pictures.length === 0 ? (
        <p className="muted">{t.moderation.hiddenPicturesEmpty}</p>
      ) : (
        <ul className="plain-list">
          {pictures.map((fileName) => (
            <li key={fileName}>
              <code>{fileName}</code> <PictureToggle fileName={fileName} hidden />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RemoveFromTeam() {
  const teams = useAppSelector(selectOperatorTeams);
  const lists = useAppSelector(selectOperatorLists);
  const [teamId, setTeamId] = useState('');
  const choices = useMemo(
    () => teams.map((team) => ({ id: team.id, name: team.name, detail: t.operator.teamNumber(team.number) })),
    [teams],
  );
  const [members, setMembers] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  const send = useCommand();
  const notify = useNotify();
  const team = teams.find((candidate) => candidate.id === teamId);

  useEffect(() => {
    if (!teamId) return setMembers([]);
    let current = true;
    teamMemberIds(teamId).then(
      (ids) => current && setMembers(ids),
      () => current && notify(t.operator.failed),
    );
    return () => {
      current = false;
    };
  }, [teamId, version, notify]);

  async function remove(userId: string) {
    const name = userNameOrPlaceholder(lists, userId);
    if (!team || !window.confirm(t.moderation.removeConfirm(name, team.name))) return;
    const reply = await send('mtr', { teamId, userId }, t.moderation.removed(name));
    if (reply.success) setVersion((v) => v + 1);
  }

  return (
    <section aria-label={t.moderation.teamsHeading}>
      <h3>{t.moderation.teamsHeading}</h3>
      <FilteredSelect
        label={t.moderation.team}
        placeholder={t.moderation.chooseTeam}
        choices={choices}
        chosen={teamId}
        onChoose={setTeamId}
      />
      {team &&
        (members.length === 0 ? (
          <p className="muted">{t.moderation.noMembers}</p>
        ) : (
          <ul className="plain-list">
            {members.map((userId) => {
              const name = userNameOrPlaceholder(lists, userId);
              return (
                <li key={userId}>
                  {name}{' '}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={t.moderation.removeLabel(name, team.name)}
                    onClick={() => void remove(userId)}
                  >
                    {t.moderation.remove}
                  </button>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}
