/**
 * Nasabah Baru (issue 18): the counter's customer form sends the fields of the kind chosen under
 * the names POST /bpr/customers reads; every problem the server names is listed and takes the
 * focus; a NIK already kept links to that customer; a saved customer opens its page.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newCustomerInput } from '@src/features/customers/customer-form';
import { ok, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';
import { chooseFile, pdf } from './support/files';
const citarum = { zipCode: '40115', village: 'Citarum', district: 'Bandung Wetan', city: 'KOTA BANDUNG', province: 'JAWA BARAT', villageId: '32.73.09.1003', districtId: '32.73.09', cityId: '32.73', provinceId: '32' };

function openAt(path: string, answer: (request: SeenRequest) => FakeAnswer | undefined) {
  return openStaffScreen(path, (request) => {
    if (request.path === '/api-v2-general/geography/zip-code/search') return ok([citarum]);
    if (request.path.endsWith('/geography')) return ok([]);
    return answer(request) ?? ok([]);
  }).server;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillRina() {
  await screen.findByRole('heading', { name: 'Nasabah Baru', level: 1 }, SCREEN_LOAD);
  type(/^Nama sesuai KTP/, 'Rina Marlina');
  type(/^NIK/, '3273095203850002');
  type(/^Tempat lahir/, 'Bandung');
  const birth = screen.getByLabelText(/^Tanggal lahir/);
  fireEvent.change(birth, { target: { value: '12-03-1985' } });
  fireEvent.blur(birth);
  type(/^Jenis kelamin/, 'FEMALE');
  type(/^Nama ibu kandung/, 'Siti Aminah');
  type(/^Pekerjaan/, 'Guru');
  type(/^Sumber dana/, 'Gaji');
  type(/^Tujuan pembukaan rekening/, 'Simpanan berjangka');
  type(/^Alamat \(jalan/, 'Jl. Citarum No. 12');
  type(/^RT\/RW/, '003/005');
  const search = screen.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
  fireEvent.focus(search);
  fireEvent.change(search, { target: { value: '40115' } });
  fireEvent.click(await screen.findByRole('option', { name: /Citarum/ }));
  type(/^Nomor telepon/, '0812 3456 7890');
  type(/^Bank tujuan/, '014');
  type(/^Nomor rekening/, '8090123456');
  type(/^Nama pemilik rekening/, 'Rina Marlina');
}

describe('Nasabah Baru', () => {
  it('an individual: the fields the server reads, with the Idempotency-Key; saved, it opens the customer', async () => {
    const server = openAt('/nasabah/baru', (request) => {
      if (request.method === 'POST' && request.path === '/bpr/customers') return { status: 201, body: { statusCode: 201, message: 'OK', data: { id: 'cus-new', name: 'Rina Marlina' } } };
      if (request.path === '/bpr/customers/cus-new') return { status: 404, body: { statusCode: 404, message: 'Nasabah tidak ditemukan.', error: 'Not Found' } };
      return undefined;
    });
    await fillRina();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nasabah' }));
    const [post] = await vi.waitFor(() => {
      const posts = server.writes().filter((request) => request.path === '/bpr/customers');
      expect(posts).toHaveLength(1);
      return posts;
    });
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.body).toEqual({
      type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002', birthPlace: 'Bandung', birthDate: '1985-03-12', gender: 'FEMALE', motherMaidenName: 'Siti Aminah',
      occupation: 'Guru', sourceOfFunds: 'Gaji', accountPurpose: 'Simpanan berjangka', address: 'Jl. Citarum No. 12', rtRw: '003/005',
      provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115', phone: '0812 3456 7890', riskLevel: 'LOW',
      payoutAccount: { bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Marlina' },
    });
    // Saved: the customer's page is asked for.
    await vi.waitFor(() => expect(server.requests.some((request) => request.path === '/bpr/customers/cus-new')).toBe(true));
  });

  it("the KTP and NPWP scans go after the customer, each as the customer's document; one refused is said, and the customer's page opens anyway", async () => {
    const { server, toasts } = openStaffScreen('/nasabah/baru', (request) => {
      if (request.path === '/api-v2-general/geography/zip-code/search') return ok([citarum]);
      if (request.method === 'POST' && request.path === '/bpr/customers') return { status: 201, body: { statusCode: 201, message: 'OK', data: { id: 'cus-new', name: 'Rina Marlina' } } };
      if (request.method === 'POST' && request.path === '/deposito/upload-doc') {
        const { type } = request.body as { type: string };
        return type === 'NPWP'
          ? { status: 400, body: { statusCode: 400, message: 'Dokumen: hanya PDF, JPEG atau PNG yang dapat diunggah.', error: 'Bad Request' } }
          : { status: 201, body: { statusCode: 201, message: 'OK', data: { id: 'doc-1', type, typeLabel: type, fileName: 'ktp.pdf' } } };
      }
      if (request.path === '/bpr/customers/cus-new') return { status: 404, body: { statusCode: 404, message: 'Nasabah tidak ditemukan.', error: 'Not Found' } };
      return ok([]);
    });
    await fillRina();
    chooseFile('Pindaian KTP', pdf('ktp-rina.pdf'));
    chooseFile('Pindaian NPWP', pdf('npwp-rina.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nasabah' }));
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toEqual({ type: 'error', title: 'Nasabah Rina Marlina disimpan, tetapi dokumen berikut belum terunggah: NPWP (Dokumen: hanya PDF, JPEG atau PNG yang dapat diunggah.). Unggah dari halaman nasabah.' }),
    );
    const uploads = server.writes().filter((request) => request.path === '/deposito/upload-doc');
    expect(uploads.map((request) => request.body)).toEqual([
      { customerId: 'cus-new', type: 'KTP', file: 'file:ktp-rina.pdf:64' },
      { customerId: 'cus-new', type: 'NPWP', file: 'file:npwp-rina.pdf:64' },
    ]);
    expect(new Set(uploads.map((request) => request.idempotencyKey)).size).toBe(2);
    await vi.waitFor(() => expect(server.requests.some((request) => request.path === '/bpr/customers/cus-new')).toBe(true));
  });

  it('every problem the server names is shown, a field\'s beside it and the rest listed, which takes the focus; what was typed stays', async () => {
    const problems = ['Nomor urut NIK (4 digit terakhir) tidak boleh 0000.', 'Nomor telepon harus nomor Indonesia (+62 atau diawali 0).'];
    openAt('/nasabah/baru', (request) => (request.method === 'POST' ? { status: 400, body: { statusCode: 400, message: problems, error: 'Bad Request' } } : undefined));
    await fillRina();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nasabah' }));
    await vi.waitFor(() => expect(within(screen.getByText('Periksa isian berikut').closest('section')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual([problems[0]]));
    const phone = screen.getByLabelText(/^Nomor telepon/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(problems[1]);
    await vi.waitFor(() => expect(document.activeElement?.contains(screen.getByText('Periksa isian berikut'))).toBe(true));
    expect((screen.getByLabelText(/^NIK/) as HTMLInputElement).value).toBe('3273095203850002');
  });

  it('a NIK already kept: the warning links to that customer', async () => {
    openAt('/nasabah/baru', (request) =>
      request.method === 'POST'
        ? { status: 409, body: { statusCode: 409, message: 'Nasabah dengan NIK ini sudah terdaftar: Rina Marlina. Gunakan data nasabah yang ada.', error: 'Conflict', data: { existingId: 'cus-9' } } }
        : undefined,
    );
    await fillRina();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nasabah' }));
    const link = await screen.findByRole('link', { name: 'Buka data nasabah yang sudah ada' });
    expect(link.getAttribute('href')).toBe('/nasabah/cus-9');
    expect(screen.getByText('Nasabah dengan NIK ini sudah terdaftar: Rina Marlina. Gunakan data nasabah yang ada.')).toBeTruthy();
  });

  it('an entity asks for its legal form, NPWP and the representative who signs, instead of the KTP fields', async () => {
    openAt('/nasabah/baru', () => undefined);
    await screen.findByRole('heading', { name: 'Nasabah Baru', level: 1 }, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('radio', { name: 'Badan' }));
    expect(screen.queryByLabelText(/^NIK$|^NIK \*/)).toBeNull();
    for (const label of [/^Nama badan/, /^Bentuk badan/, /^NPWP/, /^NIB/, /^Tanggal pendirian/, /^Nama perwakilan/, /^NIK perwakilan/, /^Jabatan perwakilan/]) expect(screen.getByLabelText(label)).toBeTruthy();
    // Up to five people sign for it: each added row has its own labels, and the button goes at five.
    for (let n = 2; n <= 5; n += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Tambah perwakilan' }));
      expect(screen.getByLabelText(new RegExp(`^Nama perwakilan ${n}`))).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Tambah perwakilan' })).toBeNull();
  });
});

describe('newCustomerInput', () => {
  const reader = (fields: Record<string, string>) => (name: string) => fields[name] ?? '';

  it("an entity's one representative goes as the list; blanks are left out; no payout account when none was typed", () => {
    expect(
      newCustomerInput(reader({ type: 'ENTITY', name: ' Koperasi Maju ', legalForm: 'KOPERASI', npwp: '012345678901000', nib: '', establishedOn: '2010-07-01', representativeName: 'Budi', representativeNik: '3273091203850001', representativePosition: 'Ketua', phone: '022 4231234', riskLevel: 'HIGH', nik: '3273095203850002' })),
    ).toEqual({
      type: 'ENTITY', name: 'Koperasi Maju', legalForm: 'KOPERASI', npwp: '012345678901000', establishedOn: '2010-07-01', phone: '022 4231234', riskLevel: 'HIGH',
      representatives: [{ name: 'Budi', nik: '3273091203850001', position: 'Ketua' }],
    });
  });

  it("an entity's further representatives go after the first, only those with something typed", () => {
    const typed = newCustomerInput(reader({ type: 'ENTITY', representativeName: 'Budi', representativeNik: '3273091203850001', representativePosition: 'Ketua', representativeName3: 'Sari', representativeNik3: '3273095203850002', representativePosition3: 'Bendahara' }));
    expect(typed.type === 'ENTITY' ? typed.representatives : null).toEqual([
      { name: 'Budi', nik: '3273091203850001', position: 'Ketua' },
      { name: 'Sari', nik: '3273095203850002', position: 'Bendahara' },
    ]);
  });

  it('a payout account half typed is sent whole, so the server names what is missing', () => {
    expect(newCustomerInput(reader({ type: 'INDIVIDUAL', payoutAccountNumber: '123' })).payoutAccount).toEqual({ bankCode: '', accountNumber: '123', accountName: '' });
  });
});

describe('Ubah Data Nasabah', () => {
  const KEPT = {
    id: 'cus-1', type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002', phone: '+6281234567890', email: 'rina@contoh.co.id', totalActivePrincipal: 0, depositCount: 0,
    guaranteedAmount: 0, unguaranteedAmount: 0, address: 'Jl. Citarum No. 12', rtRw: '003/005', provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003',
    zipCode: '40115', npwp: null, birthPlace: 'Bandung', birthDate: '1985-03-12', gender: 'FEMALE', motherMaidenName: 'Siti Aminah', occupation: 'Guru', sourceOfFunds: 'Gaji',
    accountPurpose: 'Simpanan berjangka', legalForm: null, nib: null, establishedOn: null, representatives: [], riskLevel: 'LOW', version: 4,
    payoutAccount: { bankCode: '014', bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Marlina' }, deposits: [], documents: [], changeRequests: [],
  };
  const openKept = (answerPatch: (request: SeenRequest) => FakeAnswer) =>
    openStaffScreen('/nasabah/cus-1/ubah', (request) => {
      if (request.method === 'PATCH') return answerPatch(request);
      if (request.path === '/bpr/customers/cus-1') return ok(KEPT);
      return ok([]);
    });

  it('the form starts from the kept customer and sends the version read with only what changed; a change waiting for a supervisor says so and opens the customer', async () => {
    const { server, toasts } = openKept(() => ({ status: 202, body: { statusCode: 202, message: 'OK', data: { changeRequest: {}, changeRequests: [{}], customer: KEPT } } }));
    await screen.findByRole('heading', { name: 'Ubah Data Nasabah · Rina Marlina', level: 1 }, SCREEN_LOAD);
    expect((screen.getByLabelText(/^Nama sesuai KTP/) as HTMLInputElement).value).toBe('Rina Marlina');
    expect((screen.getByLabelText(/^Tanggal lahir/) as HTMLInputElement).value).toBe('12-Mar-1985');
    type(/^Nama sesuai KTP/, 'Rina Marlina Putri');
    type(/^Nomor telepon/, '0813 1111 2222');
    type(/^Email/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }));
    const [patch] = await vi.waitFor(() => {
      const patches = server.writes().filter((request) => request.method === 'PATCH');
      expect(patches).toHaveLength(1);
      return patches;
    });
    expect(patch!.path).toBe('/bpr/customers/cus-1');
    expect(patch!.body).toEqual({ version: 4, name: 'Rina Marlina Putri', phone: '0813 1111 2222', email: '' });
    await vi.waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Perubahan identitas atau rekening pencairan menunggu persetujuan supervisor lain di Permintaan Perubahan.' }));
    await screen.findByRole('heading', { name: 'Rina Marlina', level: 1 });
  });

  it('a stale reading is refused with the reason above the button, and what was typed stays', async () => {
    openKept(() => ({ status: 409, body: { statusCode: 409, message: 'Data nasabah ini sudah diubah orang lain sejak Anda membukanya. Muat ulang halaman lalu ulangi perubahan Anda.', error: 'Conflict' } }));
    await screen.findByRole('heading', { name: 'Ubah Data Nasabah · Rina Marlina', level: 1 }, SCREEN_LOAD);
    type(/^Pekerjaan/, 'Wiraswasta');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }));
    await screen.findByText('Data nasabah ini sudah diubah orang lain sejak Anda membukanya. Muat ulang halaman lalu ulangi perubahan Anda.');
    expect((screen.getByLabelText(/^Pekerjaan/) as HTMLInputElement).value).toBe('Wiraswasta');
  });
});
