/**
 * Nasabah (issue 10): the search lives in the URL and goes to the server; a customer's page shows
 * what the bank holds and how much LPS does not guarantee, with links to each deposit.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import type { CustomerDetail, CustomerSummary } from '@src/lib/customers-api';
import { deposit } from './support/deposit-fixture';
import { fakeBprServer, ok, page, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openApp } from './support/open-app';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

const SCREEN_LOAD = { timeout: 10_000 };

const operator: User = {
  id: 'usr-op',
  name: 'Operator Demo',
  email: 'operator@bpr-demo.test',
  phone: null,
  role: 'OPERATOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

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
  const server = fakeBprServer(answer);
  vi.stubGlobal('fetch', server.fetch);
  running = openApp(path, { user: operator }).app;
  return server;
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
    };
    openAt('/nasabah/cus-9', (request) => (request.path === '/bpr/customers/cus-9' ? ok(detail) : ok([])));
    await screen.findByRole('heading', { name: 'Hartono Wijaya', level: 1 }, SCREEN_LOAD);
    const exposure = screen.getByRole('region', { name: 'Penjaminan LPS' });
    expect(within(exposure).getByText('Rp 750.000.000')).toBeTruthy();
    expect(screen.getByText('Jl. Braga No. 5, Bandung')).toBeTruthy();
    expect(screen.getByRole('link', { name: summary.depositNumber }).getAttribute('href')).toBe(`/deposito/${summary.id}`);
  });
});
