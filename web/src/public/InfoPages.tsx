import { config } from '../config';
import { NewsletterForm } from '../components/NewsletterForm';
import { t } from '../texts';

export function AboutPage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.about.heading}</h1>
        <p>{t.about.text}</p>
        <p>{t.about.contact}</p>
        {t.about.support && <p><a className="button" href={config.supportUrl} target="_blank" rel="noreferrer">{t.about.support}</a></p>}
        <h2>{t.about.social}</h2>
        <ul className="social-links">
          {config.socialLinks.map((href, i) => (
            <li key={href}><a href={href} target="_blank" rel="noreferrer">{t.about.socialLinks[i]}</a></li>
          ))}
        </ul>
      </section>
      <NewsletterForm />
    </div>
  );
}

export function NextPage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.next.heading}</h1>
        <img className="wide-image" src={config.nextAppointmentsImage} alt={t.next.imageAlt} />
      </section>
      <NewsletterForm />
    </div>
  );
}

export function SpecialPage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.special.heading}</h1>
        <p>{t.special.text}</p>
        <ul className="feature-list">
          {t.special.days.map((day) => <li key={day}>{day}</li>)}
        </ul>
        <p>{t.special.onSite}</p>
      </section>
    </div>
  );
}

export function ChangelogPage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.changelog.heading}</h1>
        <ol className="changelog" reversed>
          {t.changelog.entries.map((entry) => (
            <li key={entry.version}>
              <h2>{entry.version}{entry.date && <small> · {entry.date}</small>}</h2>
              <p>{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
