import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startOfflineSessionSync } from '@/lib/offline/session-sync';
import { registerServiceWorker } from '@/lib/pwa/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

startOfflineSessionSync();
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
