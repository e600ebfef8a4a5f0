/**
 * Nasabah (issue 10): the search lives in the URL and goes to the server; a customer's page shows
 * what the bank holds and how much LPS does not guarantee, with links to each deposit.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetail, CustomerSummary } from '@src/lib/customers-api';
import { deposit } from './support/deposit-fixture';
import { ok, page, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';
import { chooseFile, pdf } from './support/files';

const hartono: CustomerSummary = {
  id: 'cus-9',
  type: 'INDIVIDUAL',
  name: 'Hartono Wijaya',
  nik: '3273010101800001',
  phone: '081299887766',
  totalActivePrincipal: 2_750_000_000,
  depositCount: 3,
  guaranteedAmount: 2_000_000_000,
  unguaranteedAmount: 750_000_000,
};

/** A customer kept before the CIF fields: only name, NIK, contact and address. */
const BEFORE_CIF = {
  rtRw: null, provinceId: null, cityId: null, districtId: null, villageId: null, zipCode: null, npwp: null, birthPlace: null, birthDate: null, gender: null,
  motherMaidenName: null, occupation: null, sourceOfFunds: null, accountPurpose: null, legalForm: null, nib: null, establishedOn: null, representatives: [],
  riskLevel: 'LOW', version: 1, payoutAccount: null,
} satisfies Partial<CustomerDetail>;

function openAt(path: string, answer: (request: SeenRequest) => FakeAnswer) {
  return openStaffScreen(path, answer).server;
}

describe('Nasabah', () => {
  it('searches by what is typed, keeps it in the URL, and lists each customer with the amount LPS does not guarantee', async () => {
    const server = openAt('/nasabah', (request) => (request.path === '/bpr/customers' ? page([hartono]) : ok([])));
    const row = (await screen.findByRole('link', { name: 'Hartono Wijaya' }, SCREEN_LOAD)).closest('tr')!;
    expect(within(row).getByText('Rp 750.000.000')).toBeTruthy();
    expect(within(row).getByText('Rp 2.000.000.000')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '3273' } });
    fireEvent.submit(screen.getByRole('search'));
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/bpr/customers').at(-1)?.query.get('q')).toBe('3273'));
  });

  it('a customer\'s page: identity, LPS exposure, and each deposit linked to its detail', async () => {
    const { customerTotalPrincipal: _t, periods: _p, installments: _i, disbursements: _d, timeline: _l, allowedEvents: _a, blockedEvents: _b, shipments: _s, today: _y, ...summary } = deposit();
    const detail: CustomerDetail = {
      ...hartono,
      ...BEFORE_CIF,
      email: 'hartono@contoh.id',
      address: 'Jl. Braga No. 5, Bandung',
      deposits: [{ ...summary, customer: { id: 'cus-9', name: 'Hartono Wijaya', nik: '3273010101800001' } }],
      documents: [],
      changeRequests: [],
    };
    openAt('/nasabah/cus-9', (request) => (request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([])));
    await screen.findByRole('heading', { name: 'Hartono Wijaya', level: 1 }, SCREEN_LOAD);
    const exposure = screen.getByRole('region', { name: 'Penjaminan LPS' });
    expect(within(exposure).getByText('Rp 750.000.000')).toBeTruthy();
    expect(screen.getByText('Jl. Braga No. 5, Bandung')).toBeTruthy();
    expect(screen.getByRole('link', { name: summary.depositNumber }).getAttribute('href')).toBe(`/deposito/${summary.id}`);
  });
});

describe("a CIF customer's page (issue 18)", () => {
  it('an individual: birth, gender, mother, work and funds, the phone as staff dial it, the address with RT/RW and postal code, the risk level', async () => {
    const detail: CustomerDetail = {
      ...hartono, ...BEFORE_CIF, name: 'Rina Marlina', nik: '3273095203850002', phone: '+6281234567890', email: null, address: 'Jl. Citarum No. 12', rtRw: '003/005', zipCode: '40115',
      birthPlace: 'Bandung', birthDate: '1985-03-12', gender: 'FEMALE', motherMaidenName: 'Siti Aminah', occupation: 'Guru', sourceOfFunds: 'Gaji', accountPurpose: 'Simpanan berjangka',
      riskLevel: 'HIGH', deposits: [], documents: [], changeRequests: [],
    };
    openAt('/nasabah/cus-9', (request) => (request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([])));
    const identity = await screen.findByRole('region', { name: 'Identitas nasabah' }, SCREEN_LOAD);
    const facts = Object.fromEntries([...identity.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Jenis: 'Perorangan', NIK: '3273095203850002', 'Tempat, tanggal lahir': 'Bandung, 12-Mar-1985', 'Jenis kelamin': 'Perempuan', 'Nama ibu kandung': 'Siti Aminah',
      Telepon: '081234567890', Alamat: 'Jl. Citarum No. 12, RT/RW 003/005, 40115', 'Tingkat risiko': 'Tinggi',
    });
  });

  it('an entity: its legal form, NIB and the representative who signs, no birth rows', async () => {
    const detail: CustomerDetail = {
      ...hartono, ...BEFORE_CIF, type: 'ENTITY', name: 'Koperasi Maju', nik: null, email: null, address: 'Jl. Merdeka No. 56', npwp: '012345678901000', legalForm: 'KOPERASI', nib: '9120001012345', establishedOn: '2010-07-01',
      representatives: [{ name: 'Budi Santoso', nik: '3273091203850001', position: 'Ketua' }], deposits: [], documents: [], changeRequests: [],
    };
    openAt('/nasabah/cus-9', (request) => (request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([])));
    const identity = await screen.findByRole('region', { name: 'Identitas nasabah' }, SCREEN_LOAD);
    const facts = Object.fromEntries([...identity.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Jenis: 'Badan · Koperasi', NIB: '9120001012345', 'Tanggal pendirian': '01-Jul-2010', 'Perwakilan 1': 'Budi Santoso, Ketua (NIK 3273091203850001)' });
    expect(facts).not.toHaveProperty('NIK');
    expect(facts).not.toHaveProperty('Jenis kelamin');
  });
});

describe("a customer's changes waiting for a supervisor", () => {
  it('are listed on the customer page with before and after, who asked, and the way to the queue', async () => {
    const waiting = {
      id: 'cr-1', depositId: null, depositNumber: null, customerId: 'cus-9', customerName: 'Hartono Wijaya', kind: 'customerData', kindLabel: 'Data Identitas Nasabah',
      requestedValue: { name: 'Hartono W.' }, previousValue: { name: 'Hartono Wijaya' }, currentInstruction: null, status: 'pending', reason: null, decidedBy: null, decidedAt: null,
      requestedBy: { id: 'usr-op', name: 'Operator Demo' }, createdAt: '2026-11-20T03:00:00.000Z',
    } as const;
    const detail: CustomerDetail = { ...hartono, ...BEFORE_CIF, email: null, address: null, deposits: [], documents: [], changeRequests: [waiting] };
    openAt('/nasabah/cus-9', (request) => (request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([])));
    const section = await screen.findByRole('region', { name: 'Perubahan menunggu persetujuan' }, SCREEN_LOAD);
    expect(section.textContent).toContain('Data Identitas Nasabah · diajukan 20-Nov-2026 oleh Operator Demo');
    expect(section.textContent).toContain('Nama: Hartono Wijaya → Hartono W.');
    expect(within(section).getByRole('link', { name: 'Buka Permintaan Perubahan' }).getAttribute('href')).toBe('/deposito/perubahan');
  });
});

describe("a customer's documents", () => {
  it('staff upload a KTP, NPWP or deed from the customer page; the page then reads the customer again', async () => {
    const detail: CustomerDetail = { ...hartono, ...BEFORE_CIF, email: null, address: null, deposits: [], documents: [], changeRequests: [] };
    const { server, toasts } = openStaffScreen('/nasabah/cus-9', (request) => {
      if (request.method === 'POST') return { status: 201, body: { statusCode: 201, message: 'OK', data: { id: 'doc-1', type: 'DEED', typeLabel: 'Akta Pendirian', fileName: 'akta.pdf' } } };
      return request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unggah dokumen' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Unggah dokumen · Hartono Wijaya' });
    const types = within(dialog).getByLabelText('Jenis dokumen') as HTMLSelectElement;
    expect([...types.options].map((option) => option.textContent)).toEqual(['KTP', 'NPWP', 'Akta Pendirian', 'Lainnya']);
    fireEvent.change(types, { target: { value: 'DEED' } });
    chooseFile('Berkas', pdf('akta.pdf'), dialog);
    const readsBefore = server.requests.filter((request) => request.path === '/bpr/customers/cus-9').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await vi.waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Dokumen diunggah.' }));
    expect(server.writes().map((request) => request.body)).toEqual([{ customerId: 'cus-9', type: 'DEED', file: 'file:akta.pdf:64' }]);
    await vi.waitFor(() => expect(server.requests.filter((request) => request.path === '/bpr/customers/cus-9').length).toBeGreaterThan(readsBefore));
  });
});
