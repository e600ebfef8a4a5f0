import { useAppActors } from '../../../app/actors-context';
import type { Submission } from '../../../app/use-submit';
import { answeredDetail } from '../use-deposit-queries';
import { BilyetStepDialog } from './BilyetStepDialog';
import { bilyetStepCopy, sendBilyetStep, type BilyetStepAnswer, type BilyetStepKind, type BilyetStepRequest, type BilyetStepTarget } from './bilyet-steps';

export interface OpenBilyetStep {
  kind: BilyetStepKind;
  target: BilyetStepTarget;
}

interface BilyetStepRunnerProps extends OpenBilyetStep {
  /** The screen's, so a save retried after no answer keeps its key even if the dialog was reopened. */
  submission: Submission;
  onClose: () => void;
  /** The server answered 409 (the deposit changed meanwhile): the screen reloads what it shows. */
  onConflict?: () => void;
}

/**
 * Runs one step of the bilyet's journey: the dialog, the request with its Idempotency-Key, the
 * Indonesian toast. A refusal leaves the dialog open with what was typed (a bilyet number already
 * used is fixed in place) and shows the server's message.
 */
export function BilyetStepRunner({ kind, target, submission, onClose, onConflict }: BilyetStepRunnerProps) {
  const app = useAppActors();

  const submit = async (request: BilyetStepRequest) => {
    // A step answers the deposit's detail as it is now (kept, not fetched again); a booked pickup answers its own shape.
    const answered = (answer: BilyetStepAnswer) => (answer.kind === 'detail' ? answeredDetail(answer.detail) : []);
    const done = await submission.submit({ step: request.kind, ...request.input }, (key) => sendBilyetStep(request, key), { answered });
    if (!done.ok) {
      if (done.statusCode === 409) onConflict?.();
      return;
    }
    const answer = done.answer;
    const desc = answer.kind === 'pickup' ? `Nomor resi ${answer.pickup.awb}.` : undefined;
    app.notify({ type: 'success', title: bilyetStepCopy[kind].success, ...(desc ? { desc } : {}) });
    onClose();
  };

  return <BilyetStepDialog kind={kind} target={target} submission={submission} onClose={onClose} onSubmit={(request) => void submit(request)} />;
}
