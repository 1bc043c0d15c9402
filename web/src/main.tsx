import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { initSession } from './session';
import { startShowSettings } from './showSettings';
import { store } from './store';
import './styles.css';

initSession();
startShowSettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
