/**
 * Ajukan perubahan (issue 18): staff raise the customer's new payout account or instruction from
 * the deposit; the request carries what the server reads, a refusal stays in the dialog.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { raiseChangeInput } from '@src/features/deposits/RaiseChangeDialog';
import { deposit } from './support/deposit-fixture';
import { ok, refused } from './support/fake-bpr-server';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

describe('Ajukan perubahan from a deposit', () => {
  it('a new payout account from the bank list goes to the queue with a key; the deposit is read again', async () => {
    const { server } = openStaffScreen('/deposito/dep-1', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit());
      if (request.method === 'POST' && request.path === '/deposito-change-request') return { status: 201, body: { statusCode: 201, message: 'OK', data: { id: 'chg-1' } } };
      return ok([]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajukan perubahan rekening atau instruksi' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Ajukan perubahan/ });
    fireEvent.change(within(dialog).getByLabelText(/^Bank tujuan/), { target: { value: '014' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor rekening/), { target: { value: ' 8090123456 ' } });
    const reads = server.requests.filter((request) => request.path === '/deposito/dep-1').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan' }));
    await vi.waitFor(() => expect(server.writes().map((request) => request.path)).toEqual(['/deposito-change-request']));
    const [post] = server.writes();
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.body).toEqual({ depositId: 'dep-1', kind: 'payoutAccount', bankCode: '014', accountNumber: '8090123456', accountName: deposit().customer.name });
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/deposito/dep-1').length).toBe(reads + 1));
  });

  it("the server's refusal stays in the dialog, which stays open with what was typed", async () => {
    openStaffScreen('/deposito/dep-1', (request) => {
      if (request.path === '/deposito/dep-1') return ok(deposit());
      if (request.method === 'POST') return refused(409, 'Sudah ada permintaan perubahan rekening pencairan deposito ini yang menunggu keputusan.');
      return ok([]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajukan perubahan rekening atau instruksi' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: /Ajukan perubahan/ });
    fireEvent.change(within(dialog).getByLabelText(/^Bank tujuan/), { target: { value: '002' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nomor rekening/), { target: { value: '001201000123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Sudah ada permintaan perubahan rekening pencairan deposito ini yang menunggu keputusan.');
    expect((within(dialog).getByLabelText(/^Nomor rekening/) as HTMLInputElement).value).toBe('001201000123456');
  });

  it('an instruction change sends only the instruction', () => {
    const fields: Record<string, string> = { kind: 'instruction', instruction: 'ARO_PLUS', bankCode: '014' };
    expect(raiseChangeInput('dep-1', (name) => fields[name] ?? '')).toEqual({ depositId: 'dep-1', kind: 'instruction', instruction: 'ARO_PLUS' });
  });
});
