import { expect } from 'vitest';
import { placementMachine } from '../../machines/placement';
import { walkModel } from './harness';
import * as placement from './placement.model';

/** Where the flow is: a state of the open form, or placed. */
const where = (value: unknown) => (typeof value === 'string' ? value : (value as { open: string }).open);

walkModel({
  title: 'placement at the counter, walked by generated paths',
  paths: placement.paths,
  build: (recorder) => placementMachine.provide({ actors: { previewPlacement: recorder.pending('previewPlacement'), placeDeposit: recorder.pending('placeDeposit') } }),
  check: ({ snapshot, previous, event, effects }) => {
    const { context } = snapshot;
    const started = effects.map((effect) => effect.name);
    // An answer that comes when nothing waits for it, or anything after the deposit is placed, changes nothing.
    const waitingFor = previous ? { previewing: 'previewPlacement', submitting: 'placeDeposit' }[where(previous.value)] : undefined;
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)?.[2];
    if (previous && (previous.status === 'done' || (answer !== undefined && answer !== waitingFor))) {
      expect([snapshot.value, snapshot.context]).toEqual([previous.value, previous.context]);
      expect(started).toEqual([]);
      return;
    }
    switch (event.type) {
      case 'xstate.init':
        expect([where(snapshot.value), context]).toEqual(['drafting', { terms: null, preview: null, previewRefusal: null, problems: null, placed: null }]);
        break;
      case 'placement.edit':
        if (where(previous!.value) === 'submitting') {
          // The form is busy: nothing changes, nothing is asked.
          expect(context).toEqual(previous!.context);
          expect(started).toEqual([]);
        } else if (event.terms === null) {
          expect([where(snapshot.value), context.terms, context.preview]).toEqual(['drafting', null, null]);
        } else if (JSON.stringify(event.terms) === JSON.stringify(previous!.context.terms)) {
          // The same terms again: the preview in hand (or being asked) stays, nothing new is asked.
          expect([where(snapshot.value), context.preview]).toEqual([where(previous!.value), previous!.context.preview]);
          expect(started).toEqual([]);
        } else {
          // New complete terms: their preview is asked; the old one is not shown for them.
          expect([where(snapshot.value), context.terms, context.preview]).toEqual(['previewing', event.terms, null]);
          expect(effects).toEqual([{ name: 'start:previewPlacement', params: event.terms }]);
        }
        break;
      case 'placement.submit':
        if (where(previous!.value) === 'submitting') expect(context).toEqual(previous!.context);
        else if (event.missing.length > 0) {
          // Nothing is sent; what is missing is said above the button.
          expect([where(snapshot.value), context.problems]).toEqual([where(previous!.value), event.missing]);
          expect(started).toEqual([]);
        } else {
          expect([where(snapshot.value), context.problems]).toEqual(['submitting', null]);
          expect(effects).toEqual([{ name: 'start:placeDeposit', params: event.request }]);
        }
        break;
      case 'xstate.done.actor.previewPlacement':
        expect([where(snapshot.value), context.preview]).toEqual(['previewed', placement.PREVIEW]);
        break;
      case 'xstate.error.actor.previewPlacement':
        expect([where(snapshot.value), context.preview, context.previewRefusal]).toEqual(['previewRefused', null, placement.PREVIEW_REFUSED]);
        break;
      case 'xstate.done.actor.placeDeposit':
        expect([where(snapshot.value), snapshot.status, context.placed]).toEqual(['placed', 'done', placement.PLACED]);
        break;
      case 'xstate.error.actor.placeDeposit': {
        // Refused: what was typed and the preview stay; the server's sentences (or the app's for no answer) are listed.
        const expected = event.error instanceof Error ? ['Penempatan tidak dapat diproses. Coba lagi.'] : placement.PLACEMENT_REFUSED;
        expect(context.problems).toEqual(expected);
        expect(context.terms).toEqual(previous!.context.terms);
        expect(where(snapshot.value)).toBe(previous!.context.preview ? 'previewed' : previous!.context.terms ? 'previewing' : 'drafting');
        break;
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },
});
