import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { createAppActors } from './app/actors';
import { App } from './app/App';
import { browserEffects } from './app/main-effects';
import { appRoutes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { sessionStore } from './lib/storage';

// Framed on another site, the session may be in local storage the user let us use before: taken
// before anything reads it (a refusal answers at once, without a prompt).
await sessionStore.prepare();

// The actors need the router's navigate and the router's screens need the actors: the actors
// call through this variable, which is set before anything can navigate.
let router: ReturnType<typeof createBrowserRouter> | null = null;
const actors = createAppActors(browserEffects((to) => void router?.navigate(to)));
router = createBrowserRouter(appRoutes());
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={actors} router={router} queryClient={queryClient} />
  </StrictMode>,
);
