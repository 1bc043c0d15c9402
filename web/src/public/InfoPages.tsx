import { NewsletterForm } from '../components/NewsletterForm';
import { upcomingDates } from '@live/rules/show-settings';
import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';
import { t } from '../texts';

export function AboutPage() {
  const { supportUrl, socialLinks } = useAppSelector(selectShowSettings);
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.about.heading}</h1>
        <p>{t.about.text}</p>
        <p>{t.about.contact}</p>
        {supportUrl && (
          <p>
            <a className="button" href={supportUrl} target="_blank" rel="noreferrer">
              {t.about.support}
            </a>
          </p>
        )}
        {socialLinks.length > 0 && (
          <>
            <h2>{t.about.social}</h2>
            <ul className="social-links">
              {socialLinks.map(({ label, url }) => (
                <li key={`${label} ${url}`}>
                  <a href={url} target="_blank" rel="noreferrer">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <NewsletterForm />
    </div>
  );
}

/** The viewer's day as yyyy-mm-dd (the next dates from today on). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const DAY = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Freitag, 27. November 2026" for 2026-11-27. */
function germanDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return DAY.format(new Date(Date.UTC(year, month - 1, day)));
}

export function NextPage() {
  const dates = upcomingDates(useAppSelector(selectShowSettings).nextDates, today());
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.next.heading}</h1>
        {dates.length === 0 ? (
          <p className="muted">{t.showSettings.noDates}</p>
        ) : (
          <ul className="next-dates">
            {dates.map(({ date, title }) => (
              <li key={`${date} ${title}`}>
                <time dateTime={date}>{germanDay(date)}</time>
                <span>{title}</span>
              </li>
            ))}
          </ul>
        )}
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
          {t.special.days.map((day) => (
            <li key={day}>{day}</li>
          ))}
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
              <h2>
                {entry.version}
                {entry.date && <small> · {entry.date}</small>}
              </h2>
              <p>{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
