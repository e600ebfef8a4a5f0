/**
 * One form and dialog pattern (issue 20): every write goes through the submission machine
 * (machines/submission.ts via src/app/use-submit.ts). Shown on real screens against a fake server
 * that keeps the server's Idempotency-Key rules: a 400's field errors beside their fields (every
 * one) with the focus on the first, a refusal inside the dialog rather than only in a toast behind
 * its backdrop, the focus back on the opener after a success (or on the content when the opener
 * left the list), and the key kept for a retry after a 5xx but new after a refusal.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { changeRequest, payoutRow } from './support/deposit-fixture';
import { chooseFile, pdf } from './support/files';
import { ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const SUPERVISOR: User = { id: 'usr-sv', name: 'Supervisor Demo', email: 'supervisor@bpr-demo.test', phone: null, role: 'SUPERVISOR', bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null } };

const PAYOUT = payoutRow();

/** Pencairan with one payout to record; writes are answered by `write`. */
function openPayouts(write: (request: SeenRequest) => FakeAnswer) {
  return openStaffScreen(
    '/deposito/pencairan',
    (request) => {
      if (request.method !== 'GET') return write(request);
      return request.path === '/deposito/disbursements/count' ? ok({ pending: 1, paid: 0, pendingAmount: 0, paidAmount: 0 }) : page([PAYOUT]);
    },
    SUPERVISOR,
  );
}

/** Opens "Catat pembayaran" from the payout's row the way a person does (the button takes the focus first), fills it in and saves. */
async function recordPayment() {
  const row = (await screen.findByRole('link', { name: PAYOUT.depositNumber }, SCREEN_LOAD)).closest('tr')!;
  const opener = within(row).getByRole('button', { name: 'Catat pembayaran' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: `Catat pembayaran · ${PAYOUT.depositNumber}` });
  const reference = within(dialog).getByLabelText('Nomor referensi transfer');
  reference.focus();
  fireEvent.change(reference, { target: { value: 'TRF-001' } });
  chooseFile('Bukti transfer', pdf('bukti.pdf'));
  const save = within(dialog).getByRole('button', { name: 'Simpan' });
  save.focus();
  fireEvent.click(save);
  return { opener, dialog, save };
}

/** The text of the problem a control's aria-describedby names last (its problem comes after its hint). */
function problemOf(control: HTMLElement): string | null | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.length > 0 ? document.getElementById(ids.at(-1)!)?.textContent : null;
}

describe('a 400 naming two fields', () => {
  it('shows both sentences beside their fields, each field marked invalid, and focuses the first', async () => {
    const sentences = ['Nomor referensi transfer paling banyak 100 karakter.', 'Tanggal bayar tidak boleh setelah hari ini.'];
    openPayouts(() => ({ status: 400, body: { statusCode: 400, message: sentences, error: 'Bad Request' } }));
    const { dialog } = await recordPayment();
    const reference = within(dialog).getByLabelText('Nomor referensi transfer');
    const paidAt = within(dialog).getByLabelText('Tanggal bayar');
    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(problemOf(reference)).toBe(sentences[0]);
    expect(paidAt.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(paidAt)).toBe(sentences[1]);
    // Both said once, beside their fields: no summary repeats them.
    expect(within(dialog).queryByText('Periksa isian berikut')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reference));
  });
});

describe('a refusal inside a dialog', () => {
  const CHANGE = changeRequest('cr-1', 'DEP-DS-2611-0001');

  it('is shown in the open dialog, which keeps the focus, not only as a toast behind its backdrop', async () => {
    const DECIDED = 'Permintaan ini sudah diputuskan.';
    openStaffScreen('/deposito/perubahan', (request) => (request.method === 'GET' ? page([CHANGE]) : refused(409, DECIDED)), SUPERVISOR);
    const row = (await screen.findByRole('link', { name: CHANGE.depositNumber! }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Setujui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui permintaan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setujui' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(DECIDED);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(screen.getByRole('dialog', { name: 'Setujui permintaan' })).toBe(dialog);
  });

  it('a request the form itself refuses is said beside its field, and nothing is sent', async () => {
    const { server } = openStaffScreen('/deposito/perubahan', (request) => (request.method === 'GET' ? page([CHANGE]) : ok(null)), SUPERVISOR);
    const row = (await screen.findByRole('link', { name: CHANGE.depositNumber! }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Tolak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tolak permintaan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    const reason = within(dialog).getByLabelText(/^Alasan penolakan/);
    expect(problemOf(reason)).toBe('Alasan penolakan wajib diisi.');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(server.writes()).toEqual([]);
  });
});

describe('after a success', () => {
  it('the focus is back on the control that opened the dialog', async () => {
    const { toasts } = openPayouts(() => ok({ id: 'dep-1', status: 'closed' }));
    const { opener } = await recordPayment();
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Pencairan dicatat sudah dibayar.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('when the opener leaves the list read again, the focus goes to the content, not the page', async () => {
    let decided = false;
    const request = changeRequest('cr-2', 'DEP-DS-2611-0002');
    openStaffScreen(
      '/deposito/perubahan',
      (seen) => {
        if (seen.method === 'GET') return page(decided ? [] : [request]);
        decided = true;
        return ok({ ...request, status: 'approved' });
      },
      SUPERVISOR,
    );
    const row = (await screen.findByRole('link', { name: request.depositNumber! }, SCREEN_LOAD)).closest('tr')!;
    const opener = within(row).getByRole('button', { name: 'Setujui' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Setujui permintaan' });
    const approve = within(dialog).getByRole('button', { name: 'Setujui' });
    approve.focus();
    fireEvent.click(approve);
    await screen.findByText('Tidak ada permintaan perubahan.');
    expect(opener.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});

describe('the Idempotency-Key of a retry', () => {
  it('is the same after a 5xx (the save may have gone through), and new after a refusal (the server answered)', async () => {
    const answers: FakeAnswer[] = [
      refused(503, 'Terjadi kesalahan pada server. Silakan coba lagi nanti.'),
      refused(409, 'Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.'),
      ok({ id: 'dep-1', status: 'closed' }),
    ];
    const { server, toasts } = openPayouts(() => answers.shift()!);
    const { dialog, save } = await recordPayment();
    await within(dialog).findByText('Terjadi kesalahan pada server. Silakan coba lagi nanti.');
    fireEvent.click(save);
    await within(dialog).findByText('Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.');
    fireEvent.click(save);
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Pencairan dicatat sudah dibayar.' }));
    const [first, retryAfterServerError, retryAfterRefusal] = server.writes().map((write) => write.idempotencyKey);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retryAfterServerError).toBe(first);
    expect(retryAfterRefusal).not.toBe(retryAfterServerError);
    expect(server.writes().map((write) => write.body)).toEqual(Array(3).fill(server.writes()[0]!.body));
  });
});
