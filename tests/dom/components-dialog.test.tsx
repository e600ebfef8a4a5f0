/** The modal confirmation: focus goes back to the control that opened it however it closes. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '@src/components/Dialog';

afterEach(cleanup);

/** A list row's button opening a dialog, as the screens do; `unmount` drops it instead of closing. */
function Screen({ unmount = false }: { unmount?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog title="Catat pembayaran" open={open} onClose={() => setOpen(false)} onSubmit={() => setOpen(false)} confirmLabel="Simpan">
      <p>Transfer Rp 25.000.000.</p>
    </Dialog>
  );
  return (
    <>
      <button type="button">Unduh Excel</button>
      <button type="button" onClick={() => setOpen(true)}>
        Catat pembayaran
      </button>
      {unmount ? (open ? dialog : null) : dialog}
    </>
  );
}

/** Clicks the opener the way a person does: it takes focus, then opens the dialog. */
function openFrom(name: string): HTMLElement {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('"Batal" returns focus to the button that opened it', () => {
    render(<Screen />);
    const opener = openFrom('Catat pembayaran');
    const cancel = screen.getByRole('button', { name: 'Batal' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(screen.queryByRole('button', { name: 'Batal' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Esc returns focus to the opener', () => {
    render(<Screen />);
    const opener = openFrom('Catat pembayaran');
    screen.getByRole('button', { name: 'Simpan' }).focus();
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(document.activeElement).toBe(opener);
  });

  it('a confirmed dialog returns focus to the opener too', () => {
    render(<Screen />);
    const opener = openFrom('Catat pembayaran');
    const save = screen.getByRole('button', { name: 'Simpan' });
    save.focus();
    fireEvent.click(save);
    expect(document.activeElement).toBe(opener);
  });

  it('a dialog the screen removes while open returns focus to the opener', () => {
    render(<Screen unmount />);
    const opener = openFrom('Catat pembayaran');
    const cancel = screen.getByRole('button', { name: 'Batal' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
