import { useState } from 'react';
import { useAppActors } from './actors-context';
import { errorMessage } from '../lib/error-message';

/**
 * One request sent from an open dialog: `pending` while it runs, and on a refusal the server's
 * Indonesian message both as a toast and as `refusal` inside the dialog (the modal hides the toast
 * behind it), the dialog staying open with what was typed. Resolves with the answer when it went
 * through, null when refused.
 */
export function useDialogRequest() {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async <T>(request: () => Promise<T>): Promise<{ answer: T } | null> => {
    setPending(true);
    setRefusal(null);
    try {
      return { answer: await request() };
    } catch (error) {
      app.showError(error);
      setRefusal(errorMessage(error));
      return null;
    } finally {
      setPending(false);
    }
  };

  return { pending, refusal, run, clearRefusal: () => setRefusal(null) };
}
