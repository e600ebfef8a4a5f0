import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Minimal shell until the client issue builds the app (router, actors, screens).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Berjangka</h1>
    </main>
  </StrictMode>,
);
