/**
 * The stream overlay (/overlay/<token>): a page for a broadcast tool's browser source at 1920x1080 on a
 * transparent background (Overlay.tsx draws it). It needs no login and sends nothing; see
 * overlayConnection.ts for how it stays connected, and shows nothing once its link is refused or revoked.
 */
import { StrictMode, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { showNameOf } from '@live/rules/show-settings';
import { showOrigin } from '../api/about';
import { t } from '../texts';
import { Overlay } from './Overlay';
import { connectOverlay, OverlayHolder } from './overlayConnection';
import './overlay.css';

function OverlayApp({ holder }: { holder: OverlayHolder }) {
  const { view, serverOffsetMs, ended } = useSyncExternalStore(holder.subscribe, holder.current);
  const [origin, setOrigin] = useState(window.location.origin);
  useEffect(() => {
    void showOrigin().then(setOrigin);
  }, []);
  useEffect(() => {
    if (view) document.title = `${showNameOf(view.look)} · ${t.overlay.label}`;
  }, [view]);
  if (ended || !view) return null;
  return <Overlay view={view} offset={serverOffsetMs} origin={origin} />;
}

/** Shows the overlay of the token in the page's root (main.tsx calls this instead of the app). */
export function mountOverlay(root: HTMLElement, token: string): void {
  const holder = new OverlayHolder();
  connectOverlay(token, holder);
  createRoot(root).render(
    <StrictMode>
      <OverlayApp holder={holder} />
    </StrictMode>,
  );
}
