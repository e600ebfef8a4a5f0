/** The public screens against a faked API: what they send and what they say. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppActors } from '@src/app/actors';
import { documentProblems } from '@src/features/auth/registration-documents';
import { signatureOutcome } from '@src/features/signature/PrivyReturnScreen';
import type { AuthApi } from '@src/lib/api-client';
import { openApp, tokenFor } from './support/open-app';
import { fakeBprServer, ok } from './support/fake-bpr-server';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

/** GET /api-v2-general/geography… as the server answers for Citarum, Bandung Wetan (40115). */
function stubGeography() {
  const citarum = { zipCode: '40115', village: 'Citarum', district: 'Bandung Wetan', city: 'KOTA BANDUNG', province: 'JAWA BARAT', villageId: '32.73.09.1003', districtId: '32.73.09', cityId: '32.73', provinceId: '32' };
  const server = fakeBprServer((request) => {
    if (request.path === '/api-v2-general/geography/zip-code/search') return ok([citarum]);
    const lists: Record<string, unknown[]> = {
      province: [{ id: '32', name: 'JAWA BARAT' }],
      city: [{ id: '32.73', name: 'KOTA BANDUNG' }],
      district: [{ id: '32.73.09', name: 'Bandung Wetan' }],
      village: [{ id: '32.73.09.1003', name: 'Citarum', zipCode: '40115' }],
    };
    return ok(lists[request.query.get('level') ?? ''] ?? []);
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function open(path: string, api: Partial<AuthApi>) {
  const opened = openApp(path, { api });
  running = opened.app;
  return opened;
}

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('registration documents', () => {
  it('accepts PDF, JPEG and PNG up to 5 MB and names each file that is not', () => {
    expect(documentProblems([file('izin.pdf', 'application/pdf', 5 * 1024 * 1024), file('npwp.jpg', 'image/jpeg', 10), file('akta.png', 'image/png', 10)])).toEqual([]);
    expect(documentProblems([file('scan.pdf', '', 10)])).toEqual([]);
    expect(documentProblems([file('besar.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)])).toEqual(['besar.pdf: ukuran berkas melebihi 5 MB.']);
    expect(documentProblems([file('catatan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 10)])).toEqual([
      'catatan.docx: hanya PDF, JPEG atau PNG yang dapat dilampirkan.',
    ]);
    expect(documentProblems([])).toEqual(['Lampirkan minimal satu dokumen pendukung (PDF, JPEG atau PNG).']);
    expect(documentProblems(Array.from({ length: 11 }, (_, i) => file(`d${i}.pdf`, 'application/pdf', 1)))).toEqual(['Dokumen paling banyak 10 berkas.']);
  });
});

describe('the registration screen', () => {
  it('sends every field under the name the registration endpoint of the server reads, with the documents', async () => {
    const registration = vi.fn(async () => ({ id: 'reg-1', status: 'PENDING', documentCount: 1 }));
    stubGeography();
    open('/registration', { registration });
    await screen.findByRole('heading', { name: 'Pendaftaran bank' });
    fireEvent.change(screen.getByLabelText(/Nama bank/), { target: { value: 'BPR Maju' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'kontak@bpr-maju.test' } });
    const search = screen.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '40115' } });
    fireEvent.click(await screen.findByRole('option', { name: /Citarum/ }));
    const pdf = file('izin.pdf', 'application/pdf', 100);
    const input = screen.getByLabelText(/Dokumen pendukung/) as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [pdf], configurable: true });
    fireEvent.change(input);
    // jsdom's FormData does not read a file input's assigned files: submit with the form data spied.
    const getAll = vi.spyOn(FormData.prototype, 'getAll').mockImplementation(function (this: FormData, name: string) {
      return name === 'documents' ? [pdf] : [];
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Kirim pendaftaran' }).closest('form')!);
    getAll.mockRestore();
    await screen.findByText('Pendaftaran terkirim', { selector: 'h2' });
    expect(registration).toHaveBeenCalledTimes(1);
    expect(registration).toHaveBeenCalledWith({
      documents: [pdf],
      bankName: 'BPR Maju',
      ojkLicenseNumber: '',
      npwp: '',
      address: '',
      contactName: '',
      email: 'kontak@bpr-maju.test',
      phone: '',
      provinceId: '32',
      cityId: '32.73',
      districtId: '32.73.09',
      villageId: '32.73.09.1003',
      zipCode: '40115',
    });
  });

  it('asks for the bank\'s province, city and district before sending', async () => {
    const registration = vi.fn();
    stubGeography();
    open('/registration', { registration });
    await screen.findByRole('heading', { name: 'Pendaftaran bank' });
    const pdf = file('izin.pdf', 'application/pdf', 100);
    const getAll = vi.spyOn(FormData.prototype, 'getAll').mockImplementation(function (this: FormData, name: string) {
      return name === 'documents' ? [pdf] : [];
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Kirim pendaftaran' }).closest('form')!);
    getAll.mockRestore();
    const group = screen.getByRole('group', { name: 'Wilayah' });
    expect(within(group).getByRole('alert').textContent).toBe('Pilih provinsi bank.Pilih kota/kabupaten bank.Pilih kecamatan bank.');
    expect(registration).not.toHaveBeenCalled();
  });

  it('refuses a document of the wrong kind before sending anything', async () => {
    const registration = vi.fn();
    stubGeography();
    open('/registration', { registration });
    await screen.findByRole('heading', { name: 'Pendaftaran bank' });
    const input = screen.getByLabelText(/Dokumen pendukung/) as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file('foto.gif', 'image/gif', 10)], configurable: true });
    fireEvent.change(input);
    expect((await screen.findByRole('alert')).textContent).toContain('foto.gif: hanya PDF, JPEG atau PNG yang dapat dilampirkan.');
    fireEvent.submit(screen.getByRole('button', { name: 'Kirim pendaftaran' }).closest('form')!);
    expect(registration).not.toHaveBeenCalled();
  });
});

describe('the login screen', () => {
  const staff = { id: 'usr-1', name: 'Sari Wulandari', email: 'sari@bpr-makmur.test', phone: null, role: 'ADMIN' as const, bpr: { id: 'bpr-1', name: 'BPR Makmur', logoUrl: null } };
  const token = tokenFor(staff);
  const api = () => ({
    login: vi.fn(async () => ({ statusCode: 200, message: 'OK', data: { token, user: staff } })) as unknown as AuthApi['login'],
    profileDetail: vi.fn(async () => staff),
    profileLogo: vi.fn(async () => ({ url: null })),
  });
  const signIn = () => {
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: staff.email } });
    fireEvent.change(screen.getByLabelText(/^Kata Sandi/), { target: { value: 'Rahasia#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  };

  it('a protected page opened logged out leads to the login, and the login back to that page with its query', async () => {
    const { router } = open('/deposito/proses?tab=kirim', api());
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/deposito/proses?tab=kirim');
    signIn();
    await screen.findByRole('heading', { name: 'Proses Dokumen' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/deposito/proses?tab=kirim');
  });

  it('a next that leads to another origin is ignored: the login goes to /home', async () => {
    const { router } = open('/login?next=%2F%2Fevil.test%2Fhome', api());
    await screen.findByRole('heading', { name: 'Masuk' });
    signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

describe('forgot, reset and change-expired password screens', () => {
  it('forgot password always answers with the same neutral message', async () => {
    const sendForgotPassword = vi.fn(async () => null);
    open('/forgot-password', { sendForgotPassword });
    await screen.findByRole('heading', { name: 'Lupa kata sandi' });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'siapa@bpr.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim tautan' }));
    await screen.findByText('Periksa email Anda');
    expect(sendForgotPassword).toHaveBeenCalledWith('siapa@bpr.test');
    expect(screen.getByText(/Jika/).textContent).toContain('siapa@bpr.test terdaftar');
  });

  it('reset password without a token in the link explains and offers a new link', async () => {
    open('/reset-password', {});
    await screen.findByText('Tautan tidak lengkap');
    expect(screen.getByRole('link', { name: 'minta tautan baru' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('reset password refuses differing passwords, then sends the token and goes to /login with a success toast', async () => {
    const forgotPassword = vi.fn(async () => null);
    const { toasts, router } = open('/reset-password?token=abc123', { forgotPassword });
    await screen.findByRole('heading', { name: 'Atur ulang kata sandi' });
    fireEvent.change(screen.getByLabelText(/^Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
    fireEvent.change(screen.getByLabelText(/^Ulangi Kata Sandi Baru/), { target: { value: 'Lain#2026xx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    // Said beside the repetition, which takes the focus; nothing is sent.
    const repeat = screen.getByLabelText(/^Ulangi Kata Sandi Baru/);
    expect(screen.getByRole('alert').textContent).toBe('Konfirmasi kata sandi tidak sama dengan kata sandi baru.');
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(repeat));
    expect(toasts).toEqual([]);
    expect(forgotPassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Ulangi Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(forgotPassword).toHaveBeenCalledWith({ password: 'Baru#2026xx', tokenForgotPassword: 'abc123' });
    expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.' });
  });

  it('reset password refused by the server shows its message and stays on the form, without a success toast', async () => {
    const forgotPassword = vi.fn(async () => Promise.reject({ statusCode: 400, message: 'Tautan atur ulang kata sandi sudah kedaluwarsa.' }));
    const { toasts, router } = open('/reset-password?token=lama', { forgotPassword });
    await screen.findByRole('heading', { name: 'Atur ulang kata sandi' });
    fireEvent.change(screen.getByLabelText(/^Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
    fireEvent.change(screen.getByLabelText(/^Ulangi Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', title: 'Tautan atur ulang kata sandi sudah kedaluwarsa.' }]));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect((screen.getByRole('button', { name: 'Simpan kata sandi' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an expired login changes its password with the change token from memory, then goes to /login with a success toast', async () => {
    const login = vi.fn(async () => ({ statusCode: 403, error: 'PasswordExpired', message: 'Kata sandi kedaluwarsa.', data: { changePasswordToken: 'chg-1' } }));
    const changeExpiredPassword = vi.fn()
      .mockRejectedValueOnce({ statusCode: 400, message: 'Kata sandi baru tidak boleh sama dengan kata sandi lama.' })
      .mockResolvedValueOnce(null);
    const { app, toasts, router } = open('/login', { login: login as unknown as AuthApi['login'], changeExpiredPassword });
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'lama@bpr.test' } });
    fireEvent.change(screen.getByLabelText(/^Kata Sandi/), { target: { value: 'Lama#2025xx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password-expired'));
    await screen.findByRole('heading', { name: 'Ganti kata sandi' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('lama@bpr.test');

    const save = async () => {
      fireEvent.change(screen.getByLabelText(/^Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
      fireEvent.change(screen.getByLabelText(/^Ulangi Kata Sandi Baru/), { target: { value: 'Baru#2026xx' } });
      fireEvent.click(screen.getByRole('button', { name: 'Simpan kata sandi' }));
      await waitFor(() => expect(changeExpiredPassword).toHaveBeenCalled());
    };
    await save();
    await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'error', title: 'Kata sandi baru tidak boleh sama dengan kata sandi lama.' }));
    expect(router.state.location.pathname).toBe('/change-password-expired');
    expect(app.session.getSnapshot().context.changePassword).toEqual({ email: 'lama@bpr.test', token: 'chg-1' });

    changeExpiredPassword.mockClear();
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(changeExpiredPassword).toHaveBeenCalledWith({ email: 'lama@bpr.test', newPassword: 'Baru#2026xx', changePasswordToken: 'chg-1' });
    expect(toasts.at(-1)).toEqual({ type: 'success', title: 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.' });
    expect(app.session.getSnapshot().context.changePassword).toBeNull();
  });

  it('change expired password without a change token in memory explains and links to /login', async () => {
    open('/change-password-expired', {});
    await screen.findByText('Masuk terlebih dahulu');
    expect(screen.getByRole('link', { name: 'masuk' }).getAttribute('href')).toBe('/login');
  });
});

describe('the Privy return page', () => {
  it('says each outcome in Indonesian', async () => {
    expect(signatureOutcome('signed').title).toBe('Dokumen berhasil ditandatangani');
    expect(signatureOutcome('DECLINED').title).toBe('Penandatanganan ditolak');
    expect(signatureOutcome('canceled').title).toBe('Penandatanganan dibatalkan');
    expect(signatureOutcome(null).title).toBe('Status penandatanganan belum diketahui');
    open('/signature/privy?status=declined', {});
    await screen.findByText('Penandatanganan ditolak');
  });

  it('gives the customer an end page after signing: thanks, what happens next, and no way to the staff login', async () => {
    open('/signature/privy?status=signed', {});
    await screen.findByText('Dokumen berhasil ditandatangani');
    expect(screen.getByText('Terima kasih. Tanda tangan digital Anda sudah kami terima.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Selanjutnya' })).toBeTruthy();
    expect(screen.getByText(/Anda tidak perlu melakukan apa pun lagi/)).toBeTruthy();
    expect(screen.getByText('Anda dapat menutup halaman ini.')).toBeTruthy();
    // The customer has no account here: nothing leads to /login or into the staff application.
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(document.body.textContent).not.toMatch(/Masuk|login|halaman deposito/i);
  });
});
