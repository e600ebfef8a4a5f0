import { useSelector } from '@xstate/react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toasts } from '../components/Toasts';
import type { AppActors } from './actors';
import { AppActorsContext, useAppActors } from './actors-context';
import '../styles/tokens.css';
import '../styles/app.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

function PreloadOverlay() {
  const { preload } = useAppActors();
  const visible = useSelector(preload, (snapshot) => snapshot.context.preload);
  return <LoadingOverlay visible={visible} />;
}

/** The root: the actors for every view, the router, and once each the toasts and the loading overlay. */
export function App({ actors, router }: { actors: AppActors; router: AppRouter }) {
  return (
    <AppActorsContext.Provider value={actors}>
      <RouterProvider router={router} />
      <Toasts />
      <PreloadOverlay />
    </AppActorsContext.Provider>
  );
}
