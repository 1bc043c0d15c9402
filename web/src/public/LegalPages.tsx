import { OperatorHtml } from '../components/OperatorHtml';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';
import { t } from '../texts';

/** /impressum and /datenschutz: the admin's texts (show settings `imprint`, `privacy`), sanitised like all operator HTML. */
function LegalPage({ heading, html, empty }: { heading: string; html: string; empty: string }) {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{heading}</h1>
        {html.trim() === '' ? <p className="muted">{empty}</p> : <OperatorHtml html={html} className="legal-text" />}
      </section>
    </div>
  );
}

export function ImprintPage() {
  const { imprint } = useAppSelector(selectShowSettings);
  return <LegalPage heading={t.legal.imprintHeading} html={imprint} empty={t.legal.imprintEmpty} />;
}

export function PrivacyPage() {
  const { privacy } = useAppSelector(selectShowSettings);
  return <LegalPage heading={t.legal.privacyHeading} html={privacy} empty={t.legal.privacyEmpty} />;
}
