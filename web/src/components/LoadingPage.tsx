import { useEffect, useState } from 'react';
import { t } from '../texts';
import { Spinner } from './Spinner';

/** "Lade Daten." with a hint after two seconds that it may be a server error. */
export function LoadingPage() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 2000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className="loading" aria-busy="true">
      <Spinner />
      <p role="status">{t.loading.text}</p>
      {slow && (
        <p className="hint" role="alert">
          {t.loading.hint}
        </p>
      )}
    </section>
  );
}
