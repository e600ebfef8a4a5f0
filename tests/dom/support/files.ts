import { fireEvent, screen, within } from '@testing-library/react';

/** A small PDF as a person picks it from disk. */
export const pdf = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified: 1 });

/** Picks `file` in the file input labelled `label` (within `scope`, else the whole screen). */
export function chooseFile(label: string, file: File, scope?: HTMLElement) {
  const input = (scope ? within(scope) : screen).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}
