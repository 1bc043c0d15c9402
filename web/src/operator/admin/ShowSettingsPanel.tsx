import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { NextDate, ShowSettings, SocialLink } from '../../../../events';
import { hostOfflineText, sameShowSettings, SHOW_SETTINGS_LIMITS } from '@live/rules/show-settings';
import { HttpError } from '../../api/http';
import { saveShowSettings } from '../../api/showSettings';
import { CheckboxField, Field, FormError, TextAreaField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { useAppSelector } from '../../store';
import { selectShowSettings } from '../../store/showSettingsSlice';
import { t } from '../../texts';
import { Panel } from '../shared';
import { LookFields, OverlayLayoutFields, primaryColorWarning } from './LookSettings';

const T = t.showSettings;

/** The rows of a list setting, each with its remove button, and an add button below. */
function ListEditor<Row>({
  rows,
  onRows,
  empty,
  addLabel,
  removeLabel,
  renderRow,
}: {
  rows: Row[];
  onRows(rows: Row[]): void;
  empty: Row;
  addLabel: string;
  removeLabel(n: number): string;
  renderRow(row: Row, n: number, change: (row: Row) => void): ReactNode;
}) {
  return (
    <>
      {rows.length === 0 ? (
        <p className="muted">{T.none}</p>
      ) : (
        <ol className="settings-list">
          {rows.map((row, i) => (
            <li key={i} className="settings-row">
              {renderRow(row, i + 1, (changed) => onRows(rows.map((r, j) => (j === i ? changed : r))))}
              <button
                type="button"
                className="button button--small"
                onClick={() => onRows(rows.filter((_, j) => j !== i))}
              >
                {removeLabel(i + 1)}
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => onRows([...rows, empty])}>
          {addLabel}
        </button>
      </div>
    </>
  );
}

/**
 * Show-Einstellungen: everything PUT /api/show-settings replaces. The form starts from the settings
 * now in force and follows changes made elsewhere while it is untouched; a refusal shows the server's
 * German text in the section (not as a notice: the admin corrects the field right there).
 */
export function ShowSettingsPanel() {
  const current = useAppSelector(selectShowSettings);
  const [base, setBase] = useState(current);
  const [form, setForm] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = !sameShowSettings(form, base);

  useEffect(() => {
    if (dirty || sameShowSettings(current, base)) return;
    setBase(current);
    setForm(current);
  }, [current, base, dirty]);

  const set =
    <K extends keyof ShowSettings>(key: K) =>
    (value: ShowSettings[K]) => {
      setSaved(false);
      setForm((f) => ({ ...f, [key]: value }));
    };

  async function save(e: FormEvent) {
    e.preventDefault();
    // The server refuses it with the same text (one rule): said at once, nothing sent.
    const colorWarning = primaryColorWarning(form.primaryColor);
    if (colorWarning) return setError(colorWarning);
    setSaving(true);
    try {
      const saved = await saveShowSettings(form);
      setBase(saved);
      setForm(saved);
      setError(null);
      setSaved(true);
    } catch (caught) {
      setError(caught instanceof HttpError && caught.detail ? caught.detail : T.failed);
    } finally {
      setSaving(false);
    }
  }

  const takeOver = () => {
    setBase(current);
    setForm(current);
    setError(null);
  };

  return (
    <Panel title={T.heading} className="panel--wide">
      <p className="muted">{T.intro}</p>
      {current.imprint.trim() === '' && (
        <p className="card card--warning" role="status">
          {T.imprintMissing}
        </p>
      )}
      <form className="form" onSubmit={(e) => void save(e)} noValidate>
        <div className="settings-pair">
          <Field
            label={T.streamChannel}
            value={form.streamChannel}
            onValue={set('streamChannel')}
            hint={T.streamChannelHint}
          />
          <Field
            label={T.streamUrl}
            inputMode="url"
            value={form.streamUrl}
            onValue={set('streamUrl')}
            hint={T.streamUrlHint}
          />
        </div>
        <div className="settings-pair">
          <Field
            label={T.supportUrl}
            inputMode="url"
            value={form.supportUrl}
            onValue={set('supportUrl')}
            hint={T.supportUrlHint}
          />
          <Field
            label={T.newsletterUrl}
            inputMode="url"
            value={form.newsletterUrl}
            onValue={set('newsletterUrl')}
            hint={T.newsletterUrlHint}
          />
        </div>
        <CheckboxField
          label={T.newsletterPopup}
          checked={form.newsletterPopup}
          onChecked={set('newsletterPopup')}
          hint={T.newsletterPopupHint}
        />
        <CheckboxField
          label={T.allowNewAccounts}
          checked={form.allowNewAccounts}
          onChecked={set('allowNewAccounts')}
          hint={T.allowNewAccountsHint}
        />
        <Field
          label={T.qrHostName}
          value={form.qrHostName}
          onValue={set('qrHostName')}
          hint={T.qrHostNameHint(hostOfflineText(form.qrHostName))}
        />

        <LookFields form={form} set={set} />
        <OverlayLayoutFields layout={form.overlay} onLayout={set('overlay')} />

        <h3>{T.legalHeading}</h3>
        <TextAreaField
          label={T.imprint}
          value={form.imprint}
          onValue={set('imprint')}
          rows={6}
          hint={T.imprintHint}
          maxLength={SHOW_SETTINGS_LIMITS.legalTextLength}
        />
        <TextAreaField
          label={T.privacy}
          value={form.privacy}
          onValue={set('privacy')}
          rows={6}
          hint={T.privacyHint}
          maxLength={SHOW_SETTINGS_LIMITS.legalTextLength}
        />
        <h3>{T.socialLinks}</h3>
        <p className="hint">{T.socialLinksHint}</p>
        <ListEditor<SocialLink>
          rows={form.socialLinks}
          onRows={set('socialLinks')}
          empty={{ label: '', url: '' }}
          addLabel={T.addLink}
          removeLabel={T.removeLink}
          renderRow={(link, n, change) => (
            <>
              <Field label={T.linkLabel(n)} value={link.label} onValue={(label) => change({ ...link, label })} />
              <Field
                label={T.linkUrl(n)}
                inputMode="url"
                value={link.url}
                onValue={(url) => change({ ...link, url })}
              />
            </>
          )}
        />

        <h3>{T.nextDates}</h3>
        <p className="hint">{T.nextDatesHint}</p>
        <ListEditor<NextDate>
          rows={form.nextDates}
          onRows={set('nextDates')}
          empty={{ date: '', title: '' }}
          addLabel={T.addDate}
          removeLabel={T.removeDate}
          renderRow={(next, n, change) => (
            <>
              <Field label={T.date(n)} type="date" value={next.date} onValue={(date) => change({ ...next, date })} />
              <Field label={T.dateTitle(n)} value={next.title} onValue={(title) => change({ ...next, title })} />
            </>
          )}
        />

        <FormError message={error} />
        {saved && (
          <p role="status" className="hint">
            {T.saved}
          </p>
        )}
        {dirty && !sameShowSettings(current, base) && (
          <p role="status" className="hint">
            {T.changedMeanwhile}{' '}
            <button type="button" className="button button--small" onClick={takeOver}>
              {T.takeOver}
            </button>
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? (
              <>
                <Spinner /> {T.saving}
              </>
            ) : (
              T.save
            )}
          </button>
        </div>
      </form>
    </Panel>
  );
}
