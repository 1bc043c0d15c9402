import { useCallback, useEffect, useId, useState } from 'react';
import type { OverlayLinkEntry } from '@wire/replies';
import { HttpError } from '../../api/http';
import { createOverlayLink, listOverlayLinks, revokeOverlayLink } from '../../api/overlayLinks';
import { FormError } from '../../components/Field';
import { t } from '../../texts/operator';
import { Panel, useNotify } from '../shared';

const T = t.overlayLinks;

function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One working link: its address to copy into the broadcast tool, who made it, and revoke. */
function LinkRow({ link, n, onRevoke }: { link: OverlayLinkEntry; n: number; onRevoke(): void }) {
  const id = useId();
  const notify = useNotify();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      notify(T.copied, 'success');
    } catch {
      // No clipboard (an address without https): the field is selected for Ctrl+C.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }
  return (
    <li className="settings-row overlay-link">
      <div className="field">
        <label htmlFor={id}>{T.link(n)}</label>
        <input id={id} readOnly value={link.url} onFocus={(e) => e.target.select()} aria-describedby={`${id}-hint`} />
        <small id={`${id}-hint`} className="hint">
          {T.createdBy(link.createdBy, dateTime(link.createdAt))}
        </small>
      </div>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => void copy()} aria-label={T.copyLink(n)}>
          {T.copy}
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          onClick={onRevoke}
          aria-label={T.revokeLink(n)}
        >
          {T.revoke}
        </button>
      </div>
    </li>
  );
}

/** Stream-Overlay: create, list (with the address to copy) and revoke the overlay's secret links. */
export function OverlayLinksPanel() {
  const notify = useNotify();
  const [links, setLinks] = useState<OverlayLinkEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (work: () => Promise<unknown>, done?: string) => {
      setBusy(true);
      try {
        await work();
        setLinks(await listOverlayLinks());
        setError(null);
        if (done) notify(done, 'success');
      } catch (caught) {
        setError(caught instanceof HttpError && caught.detail ? caught.detail : T.failed);
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );

  useEffect(() => {
    void run(async () => undefined);
  }, [run]);

  const revoke = (link: OverlayLinkEntry) => {
    if (window.confirm(T.revokeConfirm)) void run(() => revokeOverlayLink(link.id), T.revoked);
  };

  return (
    <Panel title={T.heading} className="panel--wide">
      <p className="muted">{T.intro}</p>
      {links === null ? (
        <p className="muted">{T.loading}</p>
      ) : links.length === 0 ? (
        <p className="muted">{T.none}</p>
      ) : (
        <ol className="settings-list">
          {links.map((link, i) => (
            <LinkRow key={link.id} link={link} n={i + 1} onRevoke={() => revoke(link)} />
          ))}
        </ol>
      )}
      <FormError message={error} />
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void run(createOverlayLink, T.created)}
        >
          {T.create}
        </button>
      </div>
    </Panel>
  );
}
