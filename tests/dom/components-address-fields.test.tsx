/**
 * The address pickers (issue 10): province → city → district → village over GET /geography, and
 * the postal-code search that fills them all; what the surrounding form reads with FormData.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressFields } from '@src/components/AddressFields';
import type { GeographyApi, GeographyArea, GeographyLevel, ZipSearchResult } from '@src/lib/geography-api';
import { FreshCache } from './support/fresh-cache';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A slice of the real data: Jawa Barat / Kota Bandung / Bandung Wetan, and DKI Jakarta. */
const AREAS: Record<string, GeographyArea[]> = {
  'province:': [
    { id: '31', name: 'DKI JAKARTA' },
    { id: '32', name: 'JAWA BARAT' },
  ],
  'city:32': [
    { id: '32.04', name: 'KABUPATEN BANDUNG' },
    { id: '32.73', name: 'KOTA BANDUNG' },
  ],
  'city:31': [{ id: '31.71', name: 'KOTA ADMINISTRASI JAKARTA PUSAT' }],
  'district:32.73': [
    { id: '32.73.09', name: 'Bandung Wetan' },
    { id: '32.73.07', name: 'Sukajadi' },
  ],
  'village:32.73.09': [
    { id: '32.73.09.1001', name: 'Cihapit', zipCode: '40114' },
    { id: '32.73.09.1003', name: 'Citarum', zipCode: '40115' },
  ],
};

const CITARUM: ZipSearchResult = {
  zipCode: '40115',
  village: 'Citarum',
  district: 'Bandung Wetan',
  city: 'KOTA BANDUNG',
  province: 'JAWA BARAT',
  villageId: '32.73.09.1003',
  districtId: '32.73.09',
  cityId: '32.73',
  provinceId: '32',
};

function fakeApi(search: ZipSearchResult[] = [CITARUM]) {
  const areas = vi.fn(async (level: GeographyLevel, parentId: string | null) => AREAS[`${level}:${parentId ?? ''}`] ?? []);
  const searchZip = vi.fn(async (_q: string, _limit: number) => search);
  return { areas, searchZip } satisfies GeographyApi;
}

function renderInForm(api: GeographyApi, props: Partial<Parameters<typeof AddressFields>[0]> = {}) {
  render(
    <FreshCache>
      <form aria-label="alamat">
        <AddressFields api={api} required {...props} />
      </form>
    </FreshCache>,
  );
  return () => Object.fromEntries(new FormData(screen.getByRole('form', { name: 'alamat' }) as HTMLFormElement).entries());
}

const select = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (label: RegExp) => within(select(label)).getAllByRole('option').map((option) => option.textContent);

describe('AddressFields', () => {
  it('walks down province → city → district → village; a village fills its postal code; a new province clears what was below', async () => {
    const api = fakeApi();
    const formData = renderInForm(api);
    await waitFor(() => expect(optionsOf(/^Provinsi/)).toEqual(['Pilih provinsi', 'DKI JAKARTA', 'JAWA BARAT']));
    expect(select(/^Kota\/kabupaten/).disabled).toBe(true);

    fireEvent.change(select(/^Provinsi/), { target: { value: '32' } });
    await waitFor(() => expect(optionsOf(/^Kota\/kabupaten/)).toEqual(['Pilih kota/kabupaten', 'KABUPATEN BANDUNG', 'KOTA BANDUNG']));
    expect(api.areas).toHaveBeenLastCalledWith('city', '32', expect.any(AbortSignal));
    fireEvent.change(select(/^Kota\/kabupaten/), { target: { value: '32.73' } });
    await waitFor(() => expect(optionsOf(/^Kecamatan/)).toContain('Bandung Wetan'));
    fireEvent.change(select(/^Kecamatan/), { target: { value: '32.73.09' } });
    await waitFor(() => expect(optionsOf(/^Kelurahan\/desa/)).toContain('Citarum'));
    fireEvent.change(select(/^Kelurahan\/desa/), { target: { value: '32.73.09.1003' } });
    expect((screen.getByLabelText('Kode pos') as HTMLInputElement).value).toBe('40115');
    expect(formData()).toEqual({ provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115' });

    fireEvent.change(select(/^Provinsi/), { target: { value: '31' } });
    await waitFor(() => expect(optionsOf(/^Kota\/kabupaten/)).toEqual(['Pilih kota/kabupaten', 'KOTA ADMINISTRASI JAKARTA PUSAT']));
    expect(select(/^Kota\/kabupaten/).value).toBe('');
    expect(select(/^Kecamatan/).disabled).toBe(true);
    // The disabled pickers below send nothing; the postal code typed or filled stays for the person to change.
    expect(formData()).toEqual({ provinceId: '31', cityId: '', zipCode: '40115' });
  });

  it('a postal-code search offers matches after a pause in typing; Enter on one fills every picker', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    const formData = renderInForm(api);
    const search = screen.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    fireEvent.change(search, { target: { value: '40' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    // Two digits are too few to search.
    expect(api.searchZip).not.toHaveBeenCalled();
    fireEvent.change(search, { target: { value: '401' } });
    fireEvent.change(search, { target: { value: '4011' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    // One search for the pause, with what was typed last.
    expect(api.searchZip).toHaveBeenCalledTimes(1);
    expect(api.searchZip).toHaveBeenCalledWith('4011', 10, expect.any(AbortSignal));
    const option = await screen.findByRole('option', { name: /40115\s*Citarum, Bandung Wetan/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(search, { key: 'Enter' });

    expect(select(/^Provinsi/).value).toBe('32');
    expect(select(/^Kota\/kabupaten/).value).toBe('32.73');
    expect(select(/^Kecamatan/).value).toBe('32.73.09');
    expect(select(/^Kelurahan\/desa/).value).toBe('32.73.09.1003');
    // Named right away, before the lists of the picked parents have come.
    expect(select(/^Kecamatan/).selectedOptions[0]!.textContent).toBe('Bandung Wetan');
    await waitFor(() => expect(optionsOf(/^Kelurahan\/desa/)).toEqual(['Pilih kelurahan/desa', 'Cihapit', 'Citarum']));
    expect(formData()).toEqual({ provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115' });
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches, and a click picks as Enter does', async () => {
    const none = fakeApi([]);
    renderInForm(none);
    const search = screen.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'zzzqx' } });
    expect(await screen.findByText('Tidak ada yang cocok.', {}, { timeout: 2000 })).toBeTruthy();
    cleanup();

    renderInForm(fakeApi());
    const again = screen.getByRole('combobox', { name: 'Cari kode pos atau nama wilayah' });
    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: 'citarum' } });
    fireEvent.click(await screen.findByRole('option', { name: /Citarum/ }, { timeout: 2000 }));
    expect(select(/^Kelurahan\/desa/).value).toBe('32.73.09.1003');
  });

  it('starts from a saved address, named before its lists load, and shows the problems it is given', async () => {
    renderInForm(fakeApi(), {
      defaultValue: { provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '', zipCode: '40115' },
      defaultNames: { province: 'JAWA BARAT', city: 'KOTA BANDUNG', district: 'Bandung Wetan' },
      problems: ['Pilih kecamatan bank.'],
    });
    expect(select(/^Kota\/kabupaten/).selectedOptions[0]!.textContent).toBe('KOTA BANDUNG');
    expect(screen.getByRole('alert').textContent).toBe('Pilih kecamatan bank.');
    await waitFor(() => expect(optionsOf(/^Kelurahan\/desa/)).toContain('Citarum'));
    expect(select(/^Kelurahan\/desa/).value).toBe('');
  });
});
