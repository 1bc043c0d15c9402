import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field, FormError } from '../components/Field';
import { LoadingPage } from '../components/LoadingPage';
import { showOrigin } from '../api/about';
import { buildInviteLink } from '../logic/links';
import { command } from '../realtime/connection';
import { setTokenForTeam } from '../session';
import { useAppDispatch, useAppSelector } from '../store';
import { selectTeam } from '../store/selectors';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { FindTeam } from './FindTeam';
import { InviteDialog } from './InviteDialog';
import { ModeratedNotices } from './ModeratedNotices';
import { UberView } from './UberView';
import { useImageUrl } from './useTeam';
import { UploadedImage } from '../components/UploadedImage';

type Phase = 'selectingTeam' | 'joinedTeam';

/** Joins a team with gj (the team's id, or its short number as typed); shows the failure alert and returns whether it worked. */
function useJoin(onJoined: () => void) {
  const dispatch = useAppDispatch();
  return async (id: string, password: string, failureText: string = t.wrapper.joinFailed) => {
    const reply = await command('gj', { id, password });
    if (reply.success) onJoined();
    // The server's text for an unknown team or a wrong password is the spec's alert itself: said once.
    else
      dispatch(
        uiActions.noticeAdded(
          reply.message && reply.message !== failureText ? `${failureText} ${reply.message}` : failureText,
        ),
      );
    return reply.success;
  };
}

function JoinById({ join }: { join(id: string, password: string): Promise<boolean> }) {
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (id.trim() === '') return setError(t.wrapper.teamIdRequired);
    if (password === '') return setError(t.findTeam.passwordRequired);
    setError(null);
    await join(id.trim(), password);
  }
  return (
    <form className="card form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{t.wrapper.joinHeading}</h2>
      <div className="grid-2">
        <Field
          label={t.wrapper.teamId}
          value={id}
          onValue={setId}
          inputMode="numeric"
          autoComplete="off"
          hint={t.wrapper.teamIdHint}
        />
        <Field label={t.wrapper.teamPassword} type="password" value={password} onValue={setPassword} />
      </div>
      <FormError message={error} />
      <button type="submit" className="button button--primary">
        {t.wrapper.join}
      </button>
    </form>
  );
}

function TeamHeader({ onChange }: { onChange(): void }) {
  const team = useAppSelector(selectTeam);
  const imageUrl = useImageUrl();
  const dispatch = useAppDispatch();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function copy(created: string) {
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      /* clipboard not allowed: the link is shown in the dialog to copy by hand */
      setCopied(false);
    }
  }

  async function invite() {
    if (link) return setLink(null);
    const reply = await command('gl');
    if (!reply.success) {
      dispatch(uiActions.noticeAdded(t.team.explainingError));
      return;
    }
    const created = buildInviteLink(await showOrigin(), reply.token);
    setCopied(false);
    setLink(created);
    await copy(created);
  }

  if (!team) return null;
  return (
    <div className="team-header card">
      {team.url ? (
        <UploadedImage className="avatar avatar--large" src={imageUrl(team.url)} alt={t.wrapper.logoAlt(team.name)} />
      ) : (
        <span className="avatar avatar--large avatar--empty" aria-hidden="true">
          {team.name.charAt(0)}
        </span>
      )}
      <div>
        <h2 className="team-header__name">{team.name}</h2>
        {/* The number is how friends join; in splitscreen the team display with its hint is not shown. */}
        <p className="team-header__number">{t.wrapper.teamNumber(team.number)}</p>
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={onChange}>
          {t.wrapper.changeTeam}
        </button>
        <button type="button" className="button button--primary" onClick={() => void invite()}>
          {t.wrapper.invite}
        </button>
      </div>
      <InviteDialog link={link} copied={copied} onCopy={() => link && void copy(link)} onClose={() => setLink(null)} />
    </div>
  );
}

function Wrapper() {
  const team = useAppSelector(selectTeam);
  const tokenForTeam = useAppSelector((s) => s.session.tokenForTeam);
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<Phase>(team?.name ? 'joinedTeam' : 'selectingTeam');
  const join = useJoin(() => setPhase('joinedTeam'));
  const inviteSent = useRef(false);

  useEffect(() => {
    if (!tokenForTeam || inviteSent.current) return;
    inviteSent.current = true;
    void command('gi', { token: tokenForTeam }).then((reply) => {
      setTokenForTeam(null);
      if (reply.success) setPhase('joinedTeam');
      else
        dispatch(
          uiActions.noticeAdded(reply.message ? `${t.wrapper.joinFailed} ${reply.message}` : t.wrapper.joinFailed),
        );
    });
  }, [tokenForTeam, dispatch]);

  if (phase === 'selectingTeam' || !team) {
    return (
      <div className="stack">
        <h1>{t.wrapper.selectHeading}</h1>
        {team?.name && (
          <button type="button" className="button" onClick={() => setPhase('joinedTeam')}>
            {t.wrapper.keepCurrent}
          </button>
        )}
        <FindTeam join={join} onBack={team?.name ? () => setPhase('joinedTeam') : undefined} />
        <JoinById join={join} />
      </div>
    );
  }
  return (
    <div className="stack">
      <ModeratedNotices />
      <TeamHeader onChange={() => setPhase('selectingTeam')} />
      <UberView />
    </div>
  );
}

/** The player's quiz: team selection until a team is joined, then the view of the global mode. */
export function QuizWrapper() {
  const loaded = useAppSelector((s) => s.live.loaded);
  if (!loaded) return <LoadingPage />;
  return <Wrapper />;
}
