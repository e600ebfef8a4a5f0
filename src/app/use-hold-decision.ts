import { useState } from 'react';
import { holdDecisionDone } from '../components/HoldActions';
import { holdsApi, type Hold, type HoldDecisionEvent } from '../lib/holds-api';
import { useAppActors } from './actors-context';
import { useSubmit } from './use-submit';

/**
 * The decision on a hold a screen has open (the deposit's Blokir tab, the Blokir list): which hold
 * and event, the request through the submission machine (whose success has what it changed read
 * again), the toast. A refusal stays in the dialog; closing the dialog after one calls `reload`
 * (the screen reads its data again), since the hold may have changed under it (another supervisor decided).
 */
export function useHoldDecision(reload: () => void) {
  const app = useAppActors();
  const submission = useSubmit();
  const [open, setOpen] = useState<{ hold: Hold; event: HoldDecisionEvent } | null>(null);

  const decide = async (reason: string) => {
    if (!open) return;
    const { hold, event } = open;
    const done = await submission.submit({ holdId: hold.id, event, reason }, (key) => holdsApi.decide(hold.id, event, reason, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: holdDecisionDone[event] });
    setOpen(null);
  };

  return {
    open,
    submission,
    start: (hold: Hold, event: HoldDecisionEvent) => setOpen({ hold, event }),
    close: () => {
      setOpen(null);
      if (submission.failedWith !== null) reload();
    },
    decide,
  };
}
