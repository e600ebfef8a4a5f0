/** Profil Bank (issue 10): the bank's address, picked from the geography by an admin, read by everyone. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import { ADDRESS_SAVED_MESSAGE } from '@src/features/bank/BankProfileScreen';
import { fakeBprServer, ok } from './support/fake-bpr-server';
import { openApp } from './support/open-app';

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

const SCREEN_LOAD = { timeout: 10_000 };

const bandung = {
  street: 'Jl. Merdeka No. 1',
  provinceId: '32',
  province: 'JAWA BARAT',
  cityId: '32.73',
  city: 'KOTA BANDUNG',
  districtId: '32.73.09',
  district: 'Bandung Wetan',
  villageId: '32.73.09.1003',
  village: 'Citarum',
  zipCode: '40115',
};
const userOf = (role: User['role']): User => ({
  id: `usr-${role}`,
  name: `${role} Demo`,
  email: `${role.toLowerCase()}@bpr-demo.test`,
  phone: '081220260101',
  role,
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null, address: bandung },
});

const pedurungan = { zipCode: '50192', village: 'Pedurungan Kidul', district: 'Pedurungan', city: 'KOTA SEMARANG', province: 'JAWA TENGAH', villageId: '33.74.06.1008', districtId: '33.74.06', cityId: '33.74', provinceId: '33' };

function stubGeography() {
  const server = fakeBprServer((request) => {
    if (request.path === '/api-v2-general/geography/zip-code/search') return ok([pedurungan]);
    return ok([]);
  });
  vi.stubGlobal('fetch', server.fetch);
}

describe('Profil Bank: the bank address', () => {
  it('an admin picks the areas by postal code and saves them with the street line', async () => {
    stubGeography();
    const profileUpdate = vi.fn(async () => userOf('ADMIN'));
    const opened = openApp('/bank/profil', { user: userOf('ADMIN'), api: { profileUpdate } });
    running = opened.app;
    const card = await screen.findByRole('region', { name: 'Alamat bank' }, SCREEN_LOAD);
    expect((within(card).getByLabelText(/^Kecamatan/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Bandung Wetan');
    fireEvent.change(within(card).getByLabelText(/^Alamat \(jalan/), { target: { value: 'Jl. Brigjen Sudiarto No. 9' } });
    const search = within(card).getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '50192' } });
    fireEvent.click(await within(card).findByRole('option', { name: /Pedurungan Kidul/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Simpan alamat' }));
    await waitFor(() => expect(profileUpdate).toHaveBeenCalledTimes(1));
    expect(profileUpdate).toHaveBeenCalledWith({
      address: 'Jl. Brigjen Sudiarto No. 9',
      provinceId: '33',
      cityId: '33.74',
      districtId: '33.74.06',
      villageId: '33.74.06.1008',
      zipCode: '50192',
    });
    await waitFor(() => expect(opened.toasts).toContainEqual({ type: 'success', title: ADDRESS_SAVED_MESSAGE }));
  });

  it('other staff read the address on one line and cannot change it', async () => {
    stubGeography();
    running = openApp('/bank/profil', { user: userOf('OPERATOR') }).app;
    await screen.findByRole('heading', { name: 'Profil Bank' }, SCREEN_LOAD);
    expect(screen.getByText('Jl. Merdeka No. 1, Citarum, Bandung Wetan, KOTA BANDUNG, JAWA BARAT 40115')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Alamat bank' })).toBeNull();
  });
});
