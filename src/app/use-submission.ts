import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time and tells the form whether it is under way. The request itself is
 * an effect from src/lib, passed in by the screen; `pending` only disables the button.
 */
export function useSubmission<TArgs extends unknown[]>(run: (...args: TArgs) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const submit = useCallback(
    async (...args: TArgs) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      try {
        await run(...args);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [run],
  );
  return { pending, submit };
}
