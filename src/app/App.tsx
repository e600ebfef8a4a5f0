import type { QueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toasts } from '../components/Toasts';
import type { AppActors } from './actors';
import { AppActorsContext, useAppActors } from './actors-context';
import { ServerDataProvider } from './ServerDataProvider';
import '../styles/tokens.css';
import '../styles/app.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

function PreloadOverlay() {
  const { preload } = useAppActors();
  const visible = useSelector(preload, (snapshot) => snapshot.context.preload);
  return <LoadingOverlay visible={visible} />;
}

/** The root: the actors and the server answers' cache for every view, the router, and once each the toasts and the loading overlay. */
export function App({ actors, router, queryClient }: { actors: AppActors; router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppActorsContext.Provider value={actors}>
      <ServerDataProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
        <PreloadOverlay />
      </ServerDataProvider>
    </AppActorsContext.Provider>
  );
}
