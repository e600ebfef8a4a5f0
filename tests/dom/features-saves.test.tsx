/**
 * Saves after a refusal (issue 8, item 12): each screen that changes data sends the real API
 * client's request to a fake server that keeps the server's Idempotency-Key rules. A refused save
 * shows the server's own reason, and the next save — another payout, other values, or the same
 * values once the cause is fixed — goes through instead of meeting "Idempotency-Key ini sudah
 * dipakai untuk permintaan lain".
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import { NETWORK_MESSAGE } from '@src/lib/api-client';
import type { ChangeRequest, MonthlyInterestRow } from '@src/lib/deposit-api';
import { changeRequest, deposit, payoutRow } from './support/deposit-fixture';
import { chooseFile, pdf } from './support/files';
import { fakeBprServer, KEY_REUSED, ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp, type Toast } from './support/open-app';

const supervisor: User = {
  id: 'usr-sv',
  name: 'Supervisor Demo',
  email: 'supervisor@bpr-demo.test',
  phone: null,
  role: 'SUPERVISOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

const BILYET_OUT = 'Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

function openAs(path: string, answer: (request: SeenRequest) => FakeAnswer) {
  const server = fakeBprServer(answer);
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp(path, { user: supervisor });
  running = opened.app;
  return { ...opened, server };
}


/** The first screen of a run loads its code on demand, which takes a while on a busy machine. */
const SCREEN_LOAD = { timeout: 10_000 };

async function lastToast(toasts: Toast[], expected: Toast) {
  await waitFor(() => expect(toasts.at(-1)).toEqual(expected));
}

const payout = (depositId: string, depositNumber: string) => payoutRow({ depositId, depositNumber });

describe('Pencairan', () => {
  const payouts = [payout('dep-1', 'DEP-DS-2611-0001'), payout('dep-2', 'DEP-DS-2611-0002')];
  const listing = (request: SeenRequest): FakeAnswer =>
    request.path === '/deposito/disbursements/count' ? ok({ pending: 2, paid: 0, pendingAmount: 0, paidAmount: 0 }) : page(payouts);

  async function recordPayment(number: string, reference: string, proof: File) {
    const row = (await screen.findByRole('link', { name: number }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Catat pembayaran' }));
    const dialog = await screen.findByRole('dialog', { name: `Catat pembayaran · ${number}` });
    fireEvent.change(within(dialog).getByLabelText('Nomor referensi transfer'), { target: { value: reference } });
    chooseFile('Bukti transfer', proof);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
  }

  it('asks for the proof with the Indonesian file field', async () => {
    openAs('/deposito/pencairan', listing);
    const row = (await screen.findByRole('link', { name: 'DEP-DS-2611-0001' }, SCREEN_LOAD)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Catat pembayaran' }));
    const dialog = await screen.findByRole('dialog', { name: 'Catat pembayaran · DEP-DS-2611-0001' });
    const proof = within(dialog).getByLabelText(/^Bukti transfer/);
    expect(proof.closest('.bj-file')?.textContent).toBe('Pilih berkasBelum ada berkas dipilih');
    chooseFile('Bukti transfer', pdf('bukti-1.pdf'));
    expect(proof.closest('.bj-file')?.textContent).toBe('Pilih berkasbukti-1.pdf');
  });

  it("a payout refused because its bilyet is still out shows the server's reason, and paying another one then succeeds", async () => {
    const { server, toasts } = openAs('/deposito/pencairan', (request) => {
      if (request.method === 'GET') return listing(request);
      const { depositId } = request.body as { depositId: string };
      return depositId === 'dep-1' ? refused(409, BILYET_OUT) : ok({ id: depositId, status: 'closed' });
    });
    await recordPayment('DEP-DS-2611-0001', 'TRF-001', pdf('bukti-1.pdf'));
    await lastToast(toasts, { type: 'error', title: BILYET_OUT });
    // The dialog stays with what was typed, so staff can read why and close it.
    expect(screen.getByRole('dialog', { name: 'Catat pembayaran · DEP-DS-2611-0001' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));

    await recordPayment('DEP-DS-2611-0002', 'TRF-002', pdf('bukti-2.pdf'));
    await lastToast(toasts, { type: 'success', title: 'Pencairan dicatat sudah dibayar.' });
    const [first, second] = server.writes();
    expect(second!.body).toMatchObject({ depositId: 'dep-2', reference: 'TRF-002', proof: 'file:bukti-2.pdf:64' });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(toasts.map((toast) => toast.title)).not.toContain(KEY_REUSED);
  });

  it('the same payout sent again after the bilyet came back is a new save, not a replay of the refusal', async () => {
    let bilyetBack = false;
    const { server, toasts } = openAs('/deposito/pencairan', (request) => {
      if (request.method === 'GET') return listing(request);
      return bilyetBack ? ok({ id: 'dep-1', status: 'closed' }) : refused(409, BILYET_OUT);
    });
    await recordPayment('DEP-DS-2611-0001', 'TRF-001', pdf('bukti-1.pdf'));
    await lastToast(toasts, { type: 'error', title: BILYET_OUT });
    bilyetBack = true;
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await lastToast(toasts, { type: 'success', title: 'Pencairan dicatat sudah dibayar.' });
    const [first, second] = server.writes();
    expect(second!.body).toEqual(first!.body);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('a save that got no answer is retried with the same key, so the server can answer it instead of paying twice', async () => {
    let connected = false;
    const { server, toasts } = openAs('/deposito/pencairan', (request) => {
      if (request.method === 'GET') return listing(request);
      return connected ? ok({ id: 'dep-1', status: 'closed' }) : 'no-answer';
    });
    await recordPayment('DEP-DS-2611-0001', 'TRF-001', pdf('bukti-1.pdf'));
    await lastToast(toasts, { type: 'error', title: NETWORK_MESSAGE });
    connected = true;
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await lastToast(toasts, { type: 'success', title: 'Pencairan dicatat sudah dibayar.' });
    const [first, second] = server.writes();
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });
});

describe('Bunga Bulanan', () => {
  const installment: MonthlyInterestRow = {
    id: 'ins-1',
    depositId: 'dep-1',
    periodNumber: 1,
    sequence: 1,
    periodStart: '2026-10-01',
    periodEnd: '2026-11-01',
    payDate: '2026-11-01',
    grossInterest: 100_000,
    tax: 20_000,
    netInterest: 80_000,
    status: 'due',
    statusLabel: 'Jatuh tempo bayar',
    paidAt: null,
    reference: null,
    depositNumber: 'DEP-DS-2610-0001',
    customerId: 'cus-1',
    customerName: 'Maya Wijaya',
    principal: 10_000_000,
    rateBps: 600,
    payoutAccount: { bankName: 'BRI', accountNumber: '0123456789', accountName: 'Maya Wijaya' },
  };

  it("a refused marking shows the server's reason, and marking again with the corrected date succeeds", async () => {
    const TOO_EARLY = 'Tanggal bayar bunga belum tiba (01-Nov-2026).';
    const { server, toasts } = openAs('/deposito/bunga?period=2026-11&status=due', (request) => {
      if (request.method === 'GET') return page([installment], { period: '2026-11', summary: { count: 1, gross: 100_000, tax: 20_000, net: 80_000 } });
      const { paidAt } = request.body as { paidAt: string };
      return paidAt < '2026-11-01' ? refused(409, TOO_EARLY) : ok({ paid: 1, installmentIds: ['ins-1'], reference: 'TRF-9', paidAt });
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pilih semua bunga yang belum dibayar' }, SCREEN_LOAD));
    fireEvent.click(screen.getByRole('button', { name: 'Tandai sudah dibayar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tandai bunga sudah dibayar' });
    fireEvent.change(within(dialog).getByLabelText('Nomor referensi transfer'), { target: { value: 'TRF-9' } });
    const date = within(dialog).getByLabelText('Tanggal bayar');
    fireEvent.change(date, { target: { value: '31-10-2026' } });
    fireEvent.blur(date);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tandai sudah dibayar' }));
    await lastToast(toasts, { type: 'error', title: TOO_EARLY });

    fireEvent.change(date, { target: { value: '01-11-2026' } });
    fireEvent.blur(date);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tandai sudah dibayar' }));
    await lastToast(toasts, { type: 'success', title: '1 bunga ditandai sudah dibayar.' });
    const [first, second] = server.writes();
    expect([(first!.body as { paidAt: string }).paidAt, (second!.body as { paidAt: string }).paidAt]).toEqual(['2026-10-31', '2026-11-01']);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });
});

describe('Permintaan Perubahan', () => {
  const request = changeRequest;

  it("a refused approval shows the server's reason, and approving another request then succeeds", async () => {
    const DECIDED = 'Permintaan ini sudah diputuskan.';
    const { server, toasts } = openAs('/deposito/perubahan', (seen) => {
      if (seen.method === 'GET') return page([request('cr-1', 'DEP-DS-2611-0001'), request('cr-2', 'DEP-DS-2611-0002')]);
      return seen.path.endsWith('/cr-1') ? refused(409, DECIDED) : ok({ ...request('cr-2', 'DEP-DS-2611-0002'), status: 'approved' });
    });
    const approve = async (number: string) => {
      const row = (await screen.findByRole('link', { name: number }, SCREEN_LOAD)).closest('tr')!;
      fireEvent.click(within(row).getByRole('button', { name: 'Setujui' }));
      const dialog = await screen.findByRole('dialog', { name: 'Setujui permintaan' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Setujui' }));
    };
    await approve('DEP-DS-2611-0001');
    await lastToast(toasts, { type: 'error', title: DECIDED });
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    await approve('DEP-DS-2611-0002');
    await lastToast(toasts, { type: 'success', title: 'Permintaan disetujui.' });
    const [first, second] = server.writes();
    expect(second!.path).toBe('/deposito-change-request/cr-2');
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("a customer's identity change raised from the customer's page names the customer and shows each field before and after, in the list and the dialog", async () => {
    const identity: ChangeRequest = {
      ...request('cr-3', 'unused'),
      depositId: null,
      depositNumber: null,
      customerId: 'cus-7',
      customerName: 'Dewi Sartika',
      kind: 'customerData',
      kindLabel: 'Data Identitas Nasabah',
      requestedValue: { name: 'Dewi Sartika Putri', birthDate: '1992-05-16' },
      previousValue: { name: 'Dewi Sartika', birthDate: '1992-05-15' },
      currentInstruction: null,
      requestedBy: { id: 'usr-op', name: 'Operator Demo' },
    };
    openAs('/deposito/perubahan', (seen) => (seen.method === 'GET' ? page([identity]) : ok(null)));
    const link = await screen.findByRole('link', { name: 'Dewi Sartika' }, SCREEN_LOAD);
    expect(link.getAttribute('href')).toBe('/nasabah/cus-7');
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Nama: Dewi Sartika → Dewi Sartika Putri');
    expect(row.textContent).toContain('Tanggal lahir: 15-Mei-1992 → 16-Mei-1992');
    fireEvent.click(within(row).getByRole('button', { name: 'Setujui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setujui permintaan' });
    expect(within(dialog).getByText(/diajukan oleh Operator Demo/)).toBeTruthy();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1).map((line) => [...line.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Nama', 'Dewi Sartika', 'Dewi Sartika Putri'],
      ['Tanggal lahir', '15-Mei-1992', '16-Mei-1992'],
    ]);
  });
});

describe('the deposit detail dialog', () => {
  it('a proof refused by the server is replaced with another file in the same dialog, and the save succeeds', async () => {
    const NOT_A_PDF = 'Bukti transfer: hanya PDF, JPEG atau PNG yang dapat diunggah.';
    const disbursing = deposit({
      status: 'disbursing',
      statusLabel: 'Menunggu Pencairan',
      allowedEvents: ['deposit.markPaid'],
      disbursements: [{ ...payout('dep-1', 'DEP-DS-2611-0001'), depositId: 'dep-1' }],
    });
    const { server, toasts } = openAs('/deposito/dep-1', (seen) => {
      if (seen.method === 'GET') return ok(disbursing);
      const { proof } = seen.body as { proof: string };
      return proof.startsWith('file:foto.heic') ? refused(400, NOT_A_PDF) : ok({ ...disbursing, status: 'closed' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Tandai Sudah Dibayar' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nomor referensi transfer'), { target: { value: 'TRF-77' } });
    chooseFile('Bukti transfer', new File([new Uint8Array(64)], 'foto.heic', { type: 'image/heic', lastModified: 1 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tandai Sudah Dibayar' }));
    await lastToast(toasts, { type: 'error', title: NOT_A_PDF });

    chooseFile('Bukti transfer', pdf('bukti.pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tandai Sudah Dibayar' }));
    await lastToast(toasts, { type: 'success', title: 'Pencairan dicatat sudah dibayar.' });
    const [first, second] = server.writes();
    expect(second!.body).toMatchObject({ depositId: 'dep-1', reference: 'TRF-77', proof: 'file:bukti.pdf:64', version: '3' });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });
});
