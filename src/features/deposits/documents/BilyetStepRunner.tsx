import { useState } from 'react';
import { useAppActors } from '../../../app/actors-context';
import { errorMessage } from '../../../lib/error-message';
import type { IdempotentSend } from '../../../lib/idempotency';
import { BilyetStepDialog } from './BilyetStepDialog';
import { bilyetStepCopy, sendBilyetStep, type BilyetStepAnswer, type BilyetStepKind, type BilyetStepRequest, type BilyetStepTarget } from './bilyet-steps';

export interface OpenBilyetStep {
  kind: BilyetStepKind;
  target: BilyetStepTarget;
}

export interface BilyetStepRunnerProps extends OpenBilyetStep {
  /** The screen's sender, so a save retried after no answer keeps its key even if the dialog was reopened. */
  send: IdempotentSend;
  onClose: () => void;
  /** Recorded: the screen refreshes from the answer. */
  onDone: (answer: BilyetStepAnswer) => void;
  /** The server answered 409 (the deposit changed meanwhile): the screen reloads what it shows. */
  onConflict?: () => void;
}

/**
 * Runs one step of the bilyet's journey: the dialog, the request with its Idempotency-Key, the
 * Indonesian toast. A refusal leaves the dialog open with what was typed (a bilyet number already
 * used is fixed in place) and shows the server's message.
 */
export function BilyetStepRunner({ kind, target, send, onClose, onDone, onConflict }: BilyetStepRunnerProps) {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (request: BilyetStepRequest) => {
    setPending(true);
    setRefusal(null);
    try {
      const answer = await send({ step: request.kind, ...request.input }, (key) => sendBilyetStep(request, key));
      const desc = answer.kind === 'pickup' ? `Nomor resi ${answer.pickup.awb}.` : undefined;
      app.notify({ type: 'success', title: bilyetStepCopy[kind].success, ...(desc ? { desc } : {}) });
      onDone(answer);
      onClose();
    } catch (error) {
      app.showError(error);
      setRefusal(errorMessage(error));
      if ((error as { statusCode?: number }).statusCode === 409) onConflict?.();
    } finally {
      setPending(false);
    }
  };

  return <BilyetStepDialog kind={kind} target={target} pending={pending} refusal={refusal} onClose={onClose} onSubmit={(request) => void submit(request)} />;
}
