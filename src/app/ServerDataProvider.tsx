import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import { AppActorsContext } from './actors-context';

/**
 * The cache of server answers for every view (src/lib/server-data.ts). What one user read is
 * forgotten when the session ends or another user signs in: nothing of one bank is shown to the next.
 */
export function ServerDataProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const app = useContext(AppActorsContext);
  useEffect(() => {
    if (!app) return;
    let signedIn = app.session.getSnapshot().context.user?.id ?? null;
    const subscription = app.session.subscribe((snapshot) => {
      const now = snapshot.context.user?.id ?? null;
      if (signedIn !== null && now !== signedIn) client.clear();
      signedIn = now;
    });
    return () => subscription.unsubscribe();
  }, [app, client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
