import { useCallback } from 'react';
import { useAppActors } from '../../app/actors-context';

/**
 * After a new password is saved (from a reset link or an expired login) the user signs in with it:
 * a success toast with `doneMessage` and the login screen. A refusal shows the server's message
 * and leaves the form where it is, for another try.
 */
export function useSaveThenLogin(doneMessage: string) {
  const app = useAppActors();
  return useCallback(
    async (save: () => Promise<unknown>) => {
      try {
        await save();
        app.notify({ type: 'success', title: doneMessage });
        app.navigate('/login');
      } catch (error) {
        app.showError(error);
      }
    },
    [app, doneMessage],
  );
}
