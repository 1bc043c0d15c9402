import { useEffect } from 'react';
import { loadTeams } from '../session';
import { t } from '../texts';

/** Operator screens (tester, admin, moderator) come in a later issue; their routes and guards exist now. */
export function OperatorPlaceholder({ area }: { area: string }) {
  useEffect(() => {
    if (area === 'tester') void loadTeams();
  }, [area]);
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.operator.titles[area] ?? area}</h1>
        <p>{t.operator.placeholder}</p>
      </section>
    </div>
  );
}
