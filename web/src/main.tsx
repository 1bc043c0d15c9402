import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { overlayTokenOf } from './overlay/logic';
import { initSession } from './session';
import { startShowSettings } from './showSettings';
import { store } from './store';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no element #root');
const overlayToken = overlayTokenOf(window.location.pathname);

if (overlayToken !== null) {
  // The stream overlay: no session, no navbar, a transparent page; its own chunk.
  document.documentElement.classList.add('overlay-page');
  void import('./overlay/OverlayPage').then(({ mountOverlay }) => mountOverlay(root, overlayToken));
} else {
  initSession();
  startShowSettings();
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
}
