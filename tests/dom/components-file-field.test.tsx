/** The file field reads in Indonesian and stays a real, labelled, focusable file input. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenFile, FileField } from '@src/components/FileField';

afterEach(cleanup);

/** The text of the elements an aria-labelledby / aria-describedby list names, as a screen reader joins it. */
function textOf(ids: string | null): string {
  return (ids ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.replace(/\s*\*$/, '') ?? '')
    .join(' ');
}

function renderField(onFilesChange = vi.fn()) {
  render(
    <form data-testid="form">
      <FileField label="Bukti transfer" name="proof" hint="PDF, PNG atau JPEG, paling besar 5 MB." accept="application/pdf" required onFilesChange={onFilesChange} />
    </form>,
  );
  return { input: screen.getByLabelText(/^Bukti transfer/) as HTMLInputElement, onFilesChange };
}

describe('FileField', () => {
  it('says "Pilih berkas" and "Belum ada berkas dipilih", never the browser\'s English', () => {
    renderField();
    expect(screen.getByText('Pilih berkas')).toBeTruthy();
    expect(screen.getByText('Belum ada berkas dipilih')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Choose File|No file chosen|Browse/);
  });

  it('is a real file input named by its label and its button, described by the hint and what is chosen', () => {
    const { input } = renderField();
    expect(input.type).toBe('file');
    expect(input.name).toBe('proof');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(textOf(input.getAttribute('aria-labelledby'))).toBe('Bukti transfer Pilih berkas');
    expect(textOf(input.getAttribute('aria-describedby'))).toBe('PDF, PNG atau JPEG, paling besar 5 MB. Belum ada berkas dipilih');
    // The keyboard reaches the input itself; the drawn button is its label.
    input.focus();
    expect(document.activeElement).toBe(input);
    expect(input.tabIndex).toBe(0);
    expect(screen.getByText('Pilih berkas').getAttribute('for')).toBe(input.id);
  });

  it("shows the chosen file's name, tells the screen, and hands the file to the form", () => {
    const { input, onFilesChange } = renderField();
    const proof = new File([new Uint8Array(10)], 'bukti-transfer.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [proof], configurable: true });
    fireEvent.change(input);
    expect(screen.getByText('bukti-transfer.pdf')).toBeTruthy();
    expect(screen.queryByText('Belum ada berkas dipilih')).toBeNull();
    expect(textOf(input.getAttribute('aria-describedby'))).toContain('bukti-transfer.pdf');
    expect(onFilesChange).toHaveBeenCalledWith([proof]);
    expect(chosenFile(screen.getByTestId('form') as HTMLFormElement, 'proof')).toBe(proof);
  });

  it('chosenFile is null while nothing, or only an empty file, is chosen', () => {
    const { input } = renderField();
    const form = screen.getByTestId('form') as HTMLFormElement;
    expect(chosenFile(form, 'proof')).toBeNull();
    Object.defineProperty(input, 'files', { value: [new File([], 'kosong.pdf')], configurable: true });
    expect(chosenFile(form, 'proof')).toBeNull();
    expect(chosenFile(form, 'tidak-ada')).toBeNull();
  });
});
