import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Field, FormError, TextAreaField } from '../components/Field';
import { LoadingPage } from '../components/LoadingPage';
import { command } from '../realtime/connection';
import type { TeamView } from '../realtime/views';
import { useAppDispatch, useAppSelector } from '../store';
import { selectTeam } from '../store/selectors';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { useImageUrl } from './useTeam';
import { UploadedImage } from '../components/UploadedImage';
import { FIELD_MAXIMA } from '@live/rules/field-limits';
import { UploadArea } from '../components/UploadArea';
import { TeamProtection } from './TeamProtection';

export const LOGO_PREVIEW_DELAY_MS = 1000;

/** The value, updated only after it stayed unchanged for the delay. */
function useDelayed<T>(value: T, ms: number): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDelayed(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return delayed;
}

function TeamEditForm({ team }: { team: TeamView }) {
  const [stadt, setStadt] = useState(team.stadt ?? '');
  const [url, setUrl] = useState(team.url ?? '');
  const [beschreibung, setBeschreibung] = useState(team.beschreibung ?? '');
  const [error, setError] = useState<string | null>(null);
  const preview = useDelayed(url, LOGO_PREVIEW_DELAY_MS);
  const imageUrl = useImageUrl();
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const reply = await command('gu', { url, stadt, beschreibung });
      if (!reply.success) return setError(reply.message ?? t.team.saveFailed); // the server's reason (a field too long, a picture address)
      dispatch(uiActions.noticeAdded(t.profile.saved, 'success'));
      navigate('/');
    } catch {
      setError(t.team.saveException);
    }
  }

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h1>{t.team.editHeading}</h1>
      <Field label={t.team.name} value={team.name} onValue={() => undefined} readOnly />
      <Field
        label={t.team.number}
        value={String(team.number)}
        onValue={() => undefined}
        readOnly
        hint={t.team.numberHint(team.number)}
      />
      <Field label={t.team.stadt} value={stadt} onValue={setStadt} maxLength={FIELD_MAXIMA.teamCity} />
      <Field label={t.team.url} type="url" value={url} onValue={setUrl} maxLength={FIELD_MAXIMA.teamUrl} />
      <UploadArea
        kind="team"
        label={t.team.logoUpload}
        onUploaded={([fileName]) => {
          if (!fileName) return;
          setUrl(fileName);
          dispatch(uiActions.noticeAdded(t.team.logoUploaded, 'success'));
        }}
      />
      {preview && <UploadedImage className="avatar avatar--preview" src={imageUrl(preview)} alt={t.team.logoPreview} />}
      <TextAreaField
        label={t.team.beschreibung}
        value={beschreibung}
        onValue={setBeschreibung}
        rows={3}
        maxLength={FIELD_MAXIMA.teamDescription}
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary">
        {t.team.save}
      </button>
    </form>
  );
}

/** auth/profile_team: waits for the live state, then the team edit form or the "no team" text. */
export function TeamEditPage() {
  const loaded = useAppSelector((s) => s.live.loaded);
  const team = useAppSelector(selectTeam);
  if (!loaded) return <LoadingPage />;
  return (
    <div className="page page--narrow">
      {team?.name ? (
        <>
          <TeamEditForm key={String(team.id)} team={team} />
          <TeamProtection team={team} />
        </>
      ) : (
        <p className="card">{t.team.noTeam}</p>
      )}
    </div>
  );
}
