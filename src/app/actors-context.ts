import { createContext, useContext } from 'react';
import type { AppActors } from './actors';

/** The app's long-lived actors, created once in main.tsx (or by a test) and shared with every view. */
export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors: render inside <AppActorsContext.Provider>.');
  return actors;
}
