import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { cityLine, drawResiLabel, formatWeightKg, type ResiLabel } from '../../server/courier/resi-label-pdf';
import { drawAroLetter, type AroLetter } from '../../server/documents/aro-letter-pdf';
import { drawBilyet, type BilyetPrint } from '../../server/documents/bilyet-pdf';
import { qrPng } from '../../server/platform/pdf/qr';
import { pdfBytes } from '../../server/platform/pdf/pdf-bytes';
import { appendSignaturePage, type SignatureDetails } from '../../server/signature/signed-copy';
import { pdfImages, pdfPageCount, pdfPageSizes, pdfToText, pdfWords, squish } from '../support/pdf-text';
import { sampleJpeg, samplePng } from '../support/sample-files';

/** Each document is drawn with realistic data, then read back with poppler as a person would read it. */

const MM = 72 / 25.4;

const BILYET: BilyetPrint = {
  bankName: 'PT BPR Demo Sejahtera',
  bankAddress: 'Jl. Jenderal Sudirman No. 45, Kel. Sukajadi, Kec. Sukasari, Kota Bandung, Jawa Barat 40152 · Telp. (022) 2034567',
  bankLogo: samplePng(64),
  bilyetNumber: 'BDS-2026-000123',
  depositNumber: 'DEP-2026-00042',
  holderName: 'Budi Santoso Wirjono',
  nik: '3273012501800003',
  address: 'Jl. Cihampelas No. 12 RT 003 RW 007, Kel. Cipaganti, Kec. Coblong, Kota Bandung, Jawa Barat 40131',
  amount: 1_250_000_000,
  rateBps: 575,
  tenorMonths: 12,
  valueDate: '2026-01-31',
  maturityDate: '2027-01-31',
  maturityInstruction: 'ARO_PLUS',
  interestPayment: 'MONTHLY',
  verificationUrl: 'https://berjangka.example.id/verifikasi/bilyet/7K3QF9XW2M',
  printedAt: '2026-01-31T03:30:00.000Z',
};

/** Every word lies on its page, and no two words of the page cover each other. */
async function expectEverythingOnThePage(bytes: Uint8Array): Promise<void> {
  const words = await pdfWords(bytes);
  expect(words.length).toBeGreaterThan(20);
  for (const word of words) {
    expect(word.xMin, word.text).toBeGreaterThanOrEqual(0);
    expect(word.yMin, word.text).toBeGreaterThanOrEqual(0);
    expect(word.xMax, word.text).toBeLessThanOrEqual(word.pageWidth);
    expect(word.yMax, word.text).toBeLessThanOrEqual(word.pageHeight);
  }
  // Poppler's word boxes span the font's full ascent and descent: lines set solid touch, so a
  // quarter point of overlap is allowed; text drawn over other text overlaps by far more.
  const overlaps: string[] = [];
  words.forEach((a, i) => {
    for (const b of words.slice(i + 1)) {
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (a.page === b.page && x > 0.25 && y > 0.25) overlaps.push(`"${a.text}" / "${b.text}"`);
    }
  });
  expect(overlaps).toEqual([]);
}

describe('bilyet PDF', () => {
  it('prints the bank, the numbers, the holder, the amount in figures and words, the terms and the verification QR on one A4 landscape page', async () => {
    const bytes = await pdfBytes(await drawBilyet(BILYET, 'A4'));
    expect(await pdfPageCount(bytes)).toBe(1);
    const [size] = await pdfPageSizes(bytes);
    expect(size!.width).toBeCloseTo(297 * MM, 0);
    expect(size!.height).toBeCloseTo(210 * MM, 0);

    const text = squish(await pdfToText(bytes));
    for (const expected of [
      'BILYET DEPOSITO BERJANGKA',
      'PT BPR Demo Sejahtera',
      'Jl. Jenderal Sudirman No. 45',
      'No. Bilyet',
      'BDS-2026-000123',
      'No. Deposito DEP-2026-00042',
      'Nama Nasabah Budi Santoso Wirjono',
      'NIK 3273012501800003',
      'Jl. Cihampelas No. 12 RT 003 RW 007',
      'Nominal Rp 1.250.000.000',
      'Terbilang: satu miliar dua ratus lima puluh juta rupiah',
      'Suku Bunga 5,75% p.a.',
      'Jangka Waktu 12 bulan',
      'Tanggal Valuta 31 Januari 2026',
      'Jatuh Tempo 31 Januari 2027',
      'Perpanjangan ARO+ (pokok dan bunga diperpanjang)',
      'Pembayaran Bunga Setiap bulan',
      'Pindai untuk memeriksa keaslian bilyet',
      'https://berjangka.example.id/verifikasi/bilyet/7K3QF9XW2M',
      'Pejabat Berwenang',
      'Dicetak 31 Januari 2026 pukul 10.30 WIB',
    ]) {
      expect(text).toContain(expected);
    }
    await expectEverythingOnThePage(bytes);
  });

  it('places the QR code of the verification URL (square, the very symbol bwip-js draws for it) beside the logo', async () => {
    const bytes = await pdfBytes(await drawBilyet(BILYET, 'A4'));
    const images = (await pdfImages(bytes)).filter((image) => image.type === 'image');
    // No QR decoder on this machine: the symbol for this URL has a size of its own (its version),
    // and the image placed must have exactly that size.
    const qr = await qrPng(BILYET.verificationUrl);
    const side = qr.readUInt32BE(16);
    expect(qr.readUInt32BE(20)).toBe(side);
    expect(images.some((image) => image.width === side && image.height === side)).toBe(true);
    expect(images.some((image) => image.width === 64 && image.height === 64)).toBe(true);
  });

  it('prints the number the paper was given at the print (never "—"), and the other instructions in words', async () => {
    const bytes = await pdfBytes(await drawBilyet({ ...BILYET, bilyetNumber: 'BJ/000123', bankLogo: undefined, maturityInstruction: 'PAYOUT', interestPayment: 'AT_MATURITY' }, 'A4'));
    expect(squish(await pdfToText(bytes, { mode: 'raw' }))).toContain('No. Bilyet BJ/000123 No. Deposito DEP-2026-00042');
    const text = squish(await pdfToText(bytes));
    expect(text).toContain('Perpanjangan Dicairkan saat jatuh tempo');
    expect(text).toContain('Pembayaran Bunga Saat jatuh tempo');
    const aro = squish(await pdfToText(await pdfBytes(await drawBilyet({ ...BILYET, maturityInstruction: 'ARO' }, 'A4'))));
    expect(aro).toContain('Perpanjangan ARO (pokok diperpanjang)');
  });

  it('fits everything on a 210×99 mm pre-printed form, even a long name, a long address and an amount of 999 triliun', async () => {
    const long: BilyetPrint = {
      ...BILYET,
      bankName: 'PT Bank Perekonomian Rakyat Artha Sejahtera Makmur Sentosa Kabupaten Bandung Barat',
      holderName: 'Raden Ajeng Siti Nurhaliza Kusumawardhani Puspitasari Ningrum',
      address:
        'Perumahan Griya Bumi Asri Blok C-12 No. 34 RT 005 RW 012, Kelurahan Sukamaju Kidul, Kecamatan Cibeunying Kaler, ' +
        'Kota Bandung, Provinsi Jawa Barat 40191 (belakang masjid Al-Ikhlas)',
      amount: 999_999_999_999_999,
    };
    const bytes = await pdfBytes(await drawBilyet(long, { widthMm: 210, heightMm: 99 }));
    expect(await pdfPageCount(bytes)).toBe(1);
    const [size] = await pdfPageSizes(bytes);
    expect(size!.width).toBeCloseTo(210 * MM, 0);
    expect(size!.height).toBeCloseTo(99 * MM, 0);
    // Drawn in order, so -raw reads each block whole even where it wraps.
    const text = squish(await pdfToText(bytes, { mode: 'raw' }));
    for (const expected of [
      long.bankName,
      long.holderName,
      long.address,
      'Rp 999.999.999.999.999',
      'Terbilang: sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar',
      'sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan rupiah',
      'https://berjangka.example.id/verifikasi/bilyet/7K3QF9XW2M',
      'Pembayaran Bunga',
      'Tanda tangan, nama jelas & stempel',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('…');
    await expectEverythingOnThePage(bytes);
  });

  it('lays out a 240×120 mm form as well', async () => {
    const bytes = await pdfBytes(await drawBilyet(BILYET, { widthMm: 240, heightMm: 120 }));
    expect(await pdfPageCount(bytes)).toBe(1);
    await expectEverythingOnThePage(bytes);
  });

  it('refuses a form it cannot lay out (portrait, or too small to read)', async () => {
    await expect(drawBilyet(BILYET, { widthMm: 99, heightMm: 210 })).rejects.toThrow(RangeError);
    await expect(drawBilyet(BILYET, { widthMm: 150, heightMm: 70 })).rejects.toThrow(RangeError);
  });
});

const ARO_PLUS_LETTER: AroLetter = {
  bankName: 'PT BPR Demo Sejahtera',
  bankAddress: 'Jl. Jenderal Sudirman No. 45, Kota Bandung, Jawa Barat 40152 · Telp. (022) 2034567',
  bankCity: 'Bandung',
  letterNumber: '012/ARO/BDS/I/2027',
  customerName: 'Budi Santoso Wirjono',
  customerAddress: 'Jl. Cihampelas No. 12 RT 003 RW 007, Kel. Cipaganti, Kec. Coblong, Kota Bandung, Jawa Barat 40131',
  depositNumber: 'DEP-2026-00042',
  bilyetNumber: 'BDS-2026-000123',
  periodNumber: 2,
  periodStart: '2027-01-31',
  maturityDate: '2028-01-31',
  rateBps: 550,
  tenorMonths: 12,
  issueDate: '2027-01-31',
  principal: { instruction: 'ARO_PLUS', previousPrincipal: 1_250_000_000, capitalisedInterest: 57_500_000 },
};

describe('ARO letter PDF', () => {
  it('states the new period of an ARO+ rollover with the old principal, the interest added and the new principal', async () => {
    const bytes = await pdfBytes(drawAroLetter(ARO_PLUS_LETTER));
    expect(await pdfPageCount(bytes)).toBe(1);
    const text = squish(await pdfToText(bytes));
    for (const expected of [
      'SURAT PEMBERITAHUAN PERPANJANGAN OTOMATIS (ARO)',
      'Bandung, 31 Januari 2027',
      'Nomor : 012/ARO/BDS/I/2027',
      'Bapak/Ibu Budi Santoso Wirjono',
      'No. Deposito DEP-2026-00042',
      'No. Bilyet BDS-2026-000123',
      'Periode ke-2',
      'Mulai periode baru 31 Januari 2027',
      'Jatuh tempo baru 31 Januari 2028',
      'Jangka waktu 12 bulan',
      'Suku bunga 5,50% p.a.',
      'Pokok periode sebelumnya Rp 1.250.000.000',
      'Bunga ditambahkan ke pokok Rp 57.500.000',
      'Pokok periode baru Rp 1.307.500.000',
      'Terbilang satu miliar tiga ratus tujuh juta lima ratus ribu rupiah',
      'ARO+ (pokok dan bunga diperpanjang)',
    ]) {
      expect(text).toContain(expected);
    }
    const raw = squish(await pdfToText(bytes, { mode: 'raw' }));
    expect(raw).toContain('Bilyet deposito No. BDS-2026-000123 tetap berlaku untuk periode baru ini dan tidak diganti; bank akan membubuhkan catatan perpanjangan');
    await expectEverythingOnThePage(bytes);
  });

  it('shows an ARO rollover with its unchanged principal and no capitalised interest', async () => {
    const bytes = await pdfBytes(drawAroLetter({ ...ARO_PLUS_LETTER, bilyetNumber: null, letterNumber: undefined, principal: { instruction: 'ARO', principal: 250_000_000 } }));
    const text = squish(await pdfToText(bytes));
    expect(text).toContain('Pokok periode baru Rp 250.000.000');
    expect(text).toContain('Terbilang dua ratus lima puluh juta rupiah');
    expect(text).toContain('ARO (pokok diperpanjang)');
    expect(text).toContain('No. Bilyet —');
    expect(text).not.toContain('Pokok periode sebelumnya');
    expect(text).not.toContain('Nomor :');
    expect(squish(await pdfToText(bytes, { mode: 'raw' }))).toContain('Bilyet deposito Bapak/Ibu tetap berlaku');
  });

  it('refuses a letter for the first period (no rollover happened)', () => {
    expect(() => drawAroLetter({ ...ARO_PLUS_LETTER, periodNumber: 1 })).toThrow(RangeError);
  });
});

const LABEL: ResiLabel = {
  service: 'REG',
  awb: 'JNE0012345678901',
  pickupDate: '2026-02-02',
  weightKg: 0.2,
  sender: { name: 'PT BPR Demo Sejahtera', address: 'Jl. Jenderal Sudirman No. 45, Kel. Sukajadi, Kec. Sukasari', city: 'Kota Bandung', zip: '40152', phone: '(022) 2034567' },
  receiver: { name: 'Budi Santoso Wirjono', address: 'Jl. Cihampelas No. 12 RT 003 RW 007, Kel. Cipaganti, Kec. Coblong', city: 'Kota Bandung', zip: '40131', phone: '0812-2345-6789' },
};

describe('JNE label PDF', () => {
  it('prints on A6 the courier and service, the AWB as a barcode and in text, sender and receiver with their postal codes, neutral contents, pickup date, weight and the handling note', async () => {
    const bytes = await pdfBytes(await drawResiLabel(LABEL));
    expect(await pdfPageCount(bytes)).toBe(1);
    const [size] = await pdfPageSizes(bytes);
    expect(size!.width).toBeCloseTo(105 * MM, 0);
    expect(size!.height).toBeCloseTo(148 * MM, 0);
    const text = squish(await pdfToText(bytes));
    for (const expected of [
      'JNE',
      'REG',
      'JNE0012345678901',
      'PENGIRIM',
      'PT BPR Demo Sejahtera',
      'Kota Bandung 40152',
      'Telp. (022) 2034567',
      'PENERIMA',
      'Budi Santoso Wirjono',
      'Jl. Cihampelas No. 12 RT 003 RW 007',
      'Kota Bandung 40131',
      'Telp. 0812-2345-6789',
      'Isi kiriman Dokumen',
      'Tanggal pickup 2 Februari 2026',
      'Berat 0,2 kg',
      'Jangan dilipat',
    ]) {
      expect(text).toContain(expected);
    }
    // Nothing on the outside says a deposit certificate, or anything of value, is inside.
    expect(text).not.toMatch(/berharga|bilyet|deposito|BDS-2026/i);
    const barcode = (await pdfImages(bytes)).find((image) => image.type === 'image');
    expect(barcode!.width).toBeGreaterThan(barcode!.height * 2);
    await expectEverythingOnThePage(bytes);
  });

  it('writes a city line with its postal code, leaving out what is unknown and never repeating the code', () => {
    expect(cityLine({ city: 'Kota Bandung', zip: '40131' })).toBe('Kota Bandung 40131');
    expect(cityLine({ city: 'Kota Bandung', zip: '' })).toBe('Kota Bandung');
    expect(cityLine({ city: 'Kota Bandung 40131', zip: '40131' })).toBe('Kota Bandung 40131');
    expect(cityLine({ city: '', zip: '40131' })).toBe('40131');
  });

  it('never shows an amount of money', async () => {
    const text = await pdfToText(await pdfBytes(await drawResiLabel(LABEL)));
    expect(text).not.toMatch(/Rp|rupiah|Nominal/i);
  });

  it('writes the weight with a decimal comma, and refuses no weight', () => {
    expect(formatWeightKg(0.2)).toBe('0,2 kg');
    expect(formatWeightKg(1)).toBe('1 kg');
    expect(formatWeightKg(1.255)).toBe('1,25 kg');
    expect(() => formatWeightKg(0)).toThrow(RangeError);
  });
});

const SIGNATURE: SignatureDetails = {
  signerName: 'Budi Santoso Wirjono',
  signerEmail: 'budi.santoso@example.id',
  signedAt: '2026-01-31T03:30:00.000Z',
  signatureId: 'PRV-SIG-20260131-8F3K2',
  provider: 'Privy',
  documentTitle: 'Formulir Pembukaan Deposito DEP-2026-00042',
};

/** A three-page form drawn by pdfkit, as the server draws its own documents. */
function threePageForm(): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4' });
  doc.text('Formulir halaman satu');
  doc.addPage().text('Formulir halaman dua');
  doc.addPage().text('Formulir halaman tiga');
  return pdfBytes(doc);
}

describe('signed copy', () => {
  it('adds one page to a PDF, saying who signed, when (WIB) and the signature id, and leaves the original pages as they were', async () => {
    const original = await threePageForm();
    const signed = await appendSignaturePage({ bytes: original, mediaType: 'application/pdf' }, SIGNATURE);
    expect(await pdfPageCount(signed)).toBe(4);
    expect(await pdfToText(signed, { lastPage: 3 })).toBe(await pdfToText(original));
    const last = squish(await pdfToText(signed, { firstPage: 4 }));
    for (const expected of [
      'Lembar Tanda Tangan Elektronik',
      'Dokumen Formulir Pembukaan Deposito DEP-2026-00042',
      'Ditandatangani oleh Budi Santoso Wirjono',
      'Email budi.santoso@example.id',
      'Waktu penandatanganan 31 Januari 2026 pukul 10.30 WIB',
      'ID tanda tangan PRV-SIG-20260131-8F3K2',
      'Penyedia tanda tangan Privy',
      'ditandatangani secara elektronik melalui Privy',
    ]) {
      expect(last).toContain(expected);
    }
    expect(last).not.toContain('sandbox');
  });

  it('prints a name beyond Latin-1 as written, and says a sandbox signature is not a valid one', async () => {
    const signed = await appendSignaturePage(
      { bytes: await threePageForm(), mediaType: 'application/pdf' },
      { ...SIGNATURE, signerName: 'Ṣiti Nurhaliza Łukasz', signerEmail: undefined, provider: 'Privy (sandbox)' },
    );
    const last = squish(await pdfToText(signed, { firstPage: 4 }));
    expect(last).toContain('Ditandatangani oleh Ṣiti Nurhaliza Łukasz');
    expect(last).toContain('Dibuat di lingkungan uji (sandbox): bukan tanda tangan yang sah.');
    expect(last).not.toContain('Email');
  });

  it.each([
    ['PNG', { bytes: samplePng(48), mediaType: 'image/png' as const }, 48],
    ['JPEG', { bytes: sampleJpeg(), mediaType: 'image/jpeg' as const }, 2],
  ])('turns a %s original into a page of its own, then adds the signature page', async (_kind, original, side) => {
    const signed = await appendSignaturePage(original, SIGNATURE);
    expect(await pdfPageCount(signed)).toBe(2);
    const images = await pdfImages(signed);
    expect(images).toContainEqual(expect.objectContaining({ page: 1, type: 'image', width: side, height: side }));
    expect(squish(await pdfToText(signed, { firstPage: 2 }))).toContain('Ditandatangani oleh Budi Santoso Wirjono');
  });
});
