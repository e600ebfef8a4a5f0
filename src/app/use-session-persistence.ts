import { useSyncExternalStore } from 'react';
import { useAppActors } from './actors-context';

/**
 * Where the session is kept, for the login screen: `kept` (local storage), or `page` — framed on
 * another site without storage access, the session ends when the page does — and whether a click
 * may still ask the browser for access.
 */
export function useSessionPersistence(): { persistence: 'kept' | 'page'; canAsk: boolean; ask: () => void } {
  const { sessionStore } = useAppActors();
  const persistence = useSyncExternalStore(sessionStore.subscribe, sessionStore.persistence);
  const canAsk = useSyncExternalStore(sessionStore.subscribe, sessionStore.canAsk);
  // Called inside the click's handler: the browser grants storage access only to a user's gesture.
  return { persistence, canAsk, ask: () => void sessionStore.ask() };
}
