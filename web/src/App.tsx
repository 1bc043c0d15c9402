import { useEffect, useState } from 'react';

interface Health {
  status: string;
  store: { kind: string; lastPosition: number };
}

/** Placeholder start page until the player screens land: shows that the server and its store answer. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    fetch('/api/health')
      .then((r) => r.json())
      .then(setHealth)
      .catch(() => setHealth(null));
  }, []);
  return (
    <main>
      <h1>Quiztool</h1>
      <p>{health ? `Server bereit (${health.store.kind}, Position ${health.store.lastPosition})` : 'Lade Daten.'}</p>
    </main>
  );
}
