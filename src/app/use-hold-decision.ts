import { useState } from 'react';
import { holdDecisionDone } from '../components/HoldActions';
import { createIdempotentSender } from '../lib/idempotency';
import { holdsApi, type Hold, type HoldDecisionEvent } from '../lib/holds-api';
import { useAppActors } from './actors-context';
import { useDialogRequest } from './use-dialog-request';

/**
 * The decision on a hold a screen has open (the deposit's Blokir tab, the Blokir list): which hold
 * and event, the request with its key, the toast, and `reload` (the screen reads its data again)
 * once the server took it. A refusal stays in the dialog (useDialogRequest); closing the dialog
 * after one reloads too, since the hold may have changed under it (another supervisor decided).
 */
export function useHoldDecision(reload: () => void) {
  const app = useAppActors();
  const request = useDialogRequest();
  const [send] = useState(createIdempotentSender);
  const [open, setOpen] = useState<{ hold: Hold; event: HoldDecisionEvent } | null>(null);

  const decide = async (reason: string) => {
    if (!open) return;
    const { hold, event } = open;
    const done = await request.run(() => send({ holdId: hold.id, event, reason }, (key) => holdsApi.decide(hold.id, event, reason, key)));
    if (!done) return;
    app.notify({ type: 'success', title: holdDecisionDone[event] });
    setOpen(null);
    reload();
  };

  return {
    open,
    pending: request.pending,
    refusal: request.refusal,
    start: (hold: Hold, event: HoldDecisionEvent) => {
      request.clearRefusal();
      setOpen({ hold, event });
    },
    close: () => {
      setOpen(null);
      if (request.refusal) reload();
    },
    decide,
  };
}
