/**
 * Issue 9 in Chromium against the real server, its demo data and the JNE and Privy sandboxes: a
 * deposit's bilyet is printed, uploaded, booked with JNE, its resi printed; the sandbox delivers it
 * and a tracking refresh marks it received; a form is signed on the Privy sandbox's page and its
 * signed copy is found on the deposit; after a break is approved the bilyet's return is recorded
 * and the payout is paid. The PDFs are read back as the server sent them to the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANNER } from '../../contract/run-mode';
import { samplePdf } from '../support/sample-files';
import { pdfToText, squish } from '../support/pdf-text';
import { toast } from './support/app-pages';
import { saveScreenshot } from './support/browser';
import { apiGetAs, expectAccessible, startDemoSession, stopDemoSession, withLoggedInAs, type DemoSession } from './support/demo-session';
import { resetPage } from './support/reused-page';

const SUPERVISOR = 'supervisor@bpr-demo.test';
const OPERATOR = 'operator@bpr-demo.test';

let demo: DemoSession;

beforeAll(async () => {
  demo = await startDemoSession([SUPERVISOR, OPERATOR]);
}, 180_000);

afterAll(() => stopDemoSession(demo));

interface Row {
  id: string;
  depositNumber: string;
  status: string;
  customer: { id: string; name: string };
}
interface Detail {
  id: string;
  status: string;
  allowedEvents: string[];
  bilyet: { status: string; number: string | null };
  shipments: Array<{ id: string; awb: string; status: string }>;
}

const apiGet = <T>(email: string, path: string) => apiGetAs<T>(demo, email, path);
const detailOf = async (id: string) => (await apiGet<{ data: Detail }>(SUPERVISOR, `/deposito/${id}`)).data;
/** Business "today" and tomorrow in Asia/Jakarta (the server's clock is the real one). */
const jakarta = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** DD/MM/YYYY, as staff type it into a date field. */
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The PDF the page asked the server for (it opens it in a new tab), as text: caught on its way through. */
async function pdfFetchedBy(page: Page, path: string, click: () => Promise<void>): Promise<string> {
  const caught = new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve) => {
    void page.context().route(`**${path}?*`, async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      resolve({ status: response.status(), type: response.headers()['content-type'], body });
      await route.fulfill({ response, body });
    });
  });
  await click();
  const { status, type, body } = await caught;
  await page.context().unroute(`**${path}?*`);
  expect(status).toBe(200);
  expect(type).toBe('application/pdf');
  return squish(await pdfToText(new Uint8Array(body)));
}

async function openTab(page: Page, depositId: string, tab: 'documents' | 'shipments' | 'signatures') {
  await page.goto(`${demo.server.url}/deposito/${depositId}?tab=${tab}`);
  await page.locator('.bj-deposit-header').waitFor();
}

describe("the bilyet's journey (issue 9)", () => {
  it("npm start is the demo: its login page warns that it is no place for real customers' data", async () => {
    for (const width of [1280, 1024]) {
      const page = await resetPage(demo.browser, demo.server.url, { width, height: 800 });
      await page.goto(`${demo.server.url}/login`);
      const note = page.getByRole('note');
      await note.waitFor();
      expect(await note.textContent()).toContain(DEMO_BANNER);
      await saveScreenshot(page, `login-demo-banner-${width}`);
      if (width === 1280) await expectAccessible(page, 'Masuk (demo)');
    }
  });

  it('print, upload, JNE pickup and resi, delivery by the sandbox, a signature on Privy, the return and the payout — all from the screens', { timeout: 240_000 }, async () => {
    // An active deposit without a bilyet yet, whose customer has an email (Privy mails the signer) and a city in the address.
    const queue = await apiGet<{ data: Row[] }>(OPERATOR, '/bpr/list-proses-deposito?step=upload&limit=100');
    let target: (Row & { email: string }) | undefined;
    for (const row of queue.data.filter((candidate) => candidate.status === 'active')) {
      const detail = await detailOf(row.id);
      const customer = (detail as unknown as { customer: { email: string | null; address: string | null } }).customer;
      if (detail.bilyet.status === 'none' && customer.email && (customer.address ?? '').includes(',')) {
        target = { ...row, email: customer.email };
        break;
      }
    }
    expect(target, 'an active demo deposit waiting for its bilyet').toBeDefined();
    const deposit = target!;
    const bilyetNumber = `BLY-E2E-${Date.now() % 1_000_000}`;

    await withLoggedInAs(demo, OPERATOR, async (page) => {
      // Proses Dokumen lists it under "Cetak & unggah bilyet", with the tab counts.
      await page.goto(`${demo.server.url}/deposito/proses?step=upload`);
      await page.getByRole('heading', { name: 'Proses Dokumen', level: 1 }).waitFor();
      await page.locator('.bj-table tbody tr').first().waitFor();
      await expectAccessible(page, 'Proses Dokumen');
      await saveScreenshot(page, 'documents-proses-upload');

      // Print: the number of the bank's pre-numbered form is typed in the print dialog; the bilyet
      // carries it, names the holder and the amount in words, with its verification link.
      await openTab(page, deposit.id, 'documents');
      const panel = page.locator('.bj-bilyet');
      await panel.getByRole('button', { name: 'Cetak bilyet' }).click();
      const printDialog = page.getByRole('dialog', { name: `Cetak bilyet · ${deposit.depositNumber}` });
      await printDialog.getByLabel(/^Nomor bilyet pada formulir/).fill(bilyetNumber);
      await saveScreenshot(page, 'documents-print-dialog');
      const printed = await pdfFetchedBy(page, '/deposito/bilyet/print', () => printDialog.getByRole('button', { name: 'Cetak', exact: true }).click());
      expect(printed).toContain(bilyetNumber);
      expect(printed).toContain('BILYET DEPOSITO BERJANGKA');
      expect(printed).toContain(deposit.customer.name);
      expect(printed).toContain('/verifikasi/bilyet/');

      // Upload the signed scan with its number.
      await panel.getByRole('button', { name: 'Unggah bilyet' }).click();
      let dialog = page.getByRole('dialog', { name: `Unggah bilyet · ${deposit.depositNumber}` });
      // The number printed is offered again: the scan is of that paper.
      expect(await dialog.getByLabel('Nomor bilyet').inputValue()).toBe(bilyetNumber);
      await dialog.getByLabel(/^Pindaian bilyet/).setInputFiles({ name: 'bilyet-ditandatangani.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await dialog.getByRole('button', { name: 'Unggah bilyet' }).click();
      await toast(page, 'Bilyet diterbitkan.').waitFor();
      await panel.getByText(bilyetNumber).waitFor();
      await panel.getByText('Diterbitkan', { exact: true }).first().waitFor();

      // Book a JNE pickup for tomorrow.
      await panel.getByRole('button', { name: 'Pesan JNE' }).click();
      dialog = page.getByRole('dialog', { name: `Pesan JNE · ${deposit.depositNumber}` });
      const pickupDate = dialog.getByLabel('Tanggal penjemputan', { exact: true });
      await pickupDate.fill(typed(jakarta(1)));
      await pickupDate.blur();
      await dialog.getByLabel('Jam penjemputan').fill('10:00');
      await expectAccessible(page, 'Pesan JNE');
      await saveScreenshot(page, 'documents-book-jne');
      await dialog.getByRole('button', { name: 'Pesan JNE' }).click();
      await toast(page, 'Penjemputan JNE dipesan.').waitFor();
    });

    const shipped = await detailOf(deposit.id);
    expect(shipped.bilyet.status).toBe('shipped');
    const { awb } = shipped.shipments[0]!;

    await withLoggedInAs(demo, OPERATOR, async (page) => {
      // The resi: an A6 label with the AWB.
      await openTab(page, deposit.id, 'shipments');
      const card = page.getByRole('region', { name: `Pengiriman JNE ${awb}` });
      await card.getByText('Menunggu penjemputan').first().waitFor();
      const label = await pdfFetchedBy(page, '/jne/print-resi', () => card.getByRole('button', { name: 'Cetak resi' }).click());
      expect(label).toContain(awb);
      expect(label).toContain(deposit.customer.name);
      await expectAccessible(page, 'Pengiriman');
      await saveScreenshot(page, 'documents-shipment-requested');

      // Nobody outside the bank moves its parcel: the sandbox's control refuses a call without a session.
      const anonymous = await fetch(`${demo.server.url}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ awb, status: 'delivered' }) });
      expect(anonymous.status).toBe(401);
      // The demo's control on the shipment: the staff member has JNE (the sandbox) deliver, and the
      // tracking that follows marks the bilyet received by JNE's receiver.
      const control = card.getByRole('group', { name: `Sandbox JNE · ${awb}` });
      await control.getByLabel('Status paket').selectOption('delivered');
      await control.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'documents-sandbox-control');
      await page.setViewportSize({ width: 1024, height: 800 });
      await control.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'documents-sandbox-control-1024');
      await page.setViewportSize({ width: 1280, height: 800 });
      await control.getByRole('button', { name: 'Gerakkan paket' }).click();
      await toast(page, 'Paket digerakkan di sandbox JNE.').waitFor();
      await page.getByRole('region', { name: `Pengiriman JNE ${awb}` }).getByText('Terkirim').first().waitFor();
      expect(await page.getByRole('group', { name: `Sandbox JNE · ${awb}` }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Pengiriman' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'documents-shipment-delivered');
      await openTab(page, deposit.id, 'documents');
      await page.locator('.bj-bilyet').getByText('Diterima', { exact: true }).waitFor();

      // A placement form, sent to the customer for signature.
      await page.getByRole('button', { name: 'Unggah dokumen' }).click();
      const upload = page.getByRole('dialog', { name: `Unggah dokumen · ${deposit.depositNumber}` });
      await upload.getByLabel('Jenis dokumen').selectOption('FORM');
      await upload.getByLabel(/^Berkas/).setInputFiles({ name: 'formulir-pembukaan.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await upload.getByRole('button', { name: 'Unggah' }).click();
      await toast(page, 'Dokumen diunggah.').waitFor();
      await page.getByRole('tab', { name: 'Tanda Tangan' }).click();
      await page.getByRole('button', { name: 'Kirim untuk tanda tangan' }).click();
      const send = page.getByRole('dialog', { name: `Kirim untuk tanda tangan · ${deposit.depositNumber}` });
      await send.getByLabel('Dokumen').selectOption({ label: (await send.getByLabel('Dokumen').locator('option', { hasText: 'formulir-pembukaan' }).first().textContent())! });
      await send.getByRole('button', { name: 'Kirim' }).click();
      const sent = page.getByRole('dialog', { name: `Tautan tanda tangan · ${deposit.depositNumber}` });
      const signingUrl = await sent.getByRole('link', { name: 'Buka tautan' }).getAttribute('href');
      expect(signingUrl).toMatch(/\/sandbox\/privy\/sign\//);
      await saveScreenshot(page, 'documents-signing-link');

      // The customer signs on Privy's (sandbox) page and comes back to /signature/privy.
      const signer = await page.context().newPage();
      await signer.goto(signingUrl!);
      await signer.getByRole('button', { name: 'Tanda tangani' }).click();
      await signer.waitForURL((url) => url.pathname === '/signature/privy');
      await signer.getByText('Dokumen berhasil ditandatangani').waitFor();
      await saveScreenshot(signer, 'documents-privy-returned');
      await signer.close();

      // The signed copy is on the deposit.
      await sent.getByRole('button', { name: 'Selesai' }).click();
      await openTab(page, deposit.id, 'signatures');
      await page.getByText('Ditandatangani').first().waitFor();
      await page.getByRole('tab', { name: 'Tanda Tangan' }).scrollIntoViewIfNeeded();
      await expectAccessible(page, 'Tanda Tangan');
      await saveScreenshot(page, 'documents-signatures');
    });
    const signatures = await apiGet<{ data: Array<{ status: string; signedDocument: { type: string; url: string } | null }> }>(OPERATOR, `/deposito/signature?depositId=${deposit.id}`);
    expect(signatures.data[0]).toMatchObject({ status: 'signed', signedDocument: { type: 'SIGNED_FORM' } });
    const copy = await fetch(`${demo.server.url}${signatures.data[0]!.signedDocument!.url}`, { headers: { authorization: `Bearer ${demo.tokens[OPERATOR]}` } });
    expect(squish(await pdfToText(new Uint8Array(await copy.arrayBuffer())))).toContain(deposit.email);

    // The customer breaks the deposit early: an operator asks, a supervisor approves.
    await withLoggedInAs(demo, OPERATOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${deposit.id}`);
      await page.getByRole('button', { name: 'Ajukan Pencairan Awal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('region', { name: 'Perkiraan pencairan' }).getByText('Dibayarkan').waitFor();
      await dialog.getByRole('button', { name: 'Ajukan Pencairan Awal' }).click();
      await toast(page, 'Pengajuan pencairan awal dikirim.').waitFor();
    });
    await withLoggedInAs(demo, SUPERVISOR, async (page) => {
      await page.goto(`${demo.server.url}/deposito/${deposit.id}`);
      await page.getByRole('button', { name: 'Setujui Pencairan Awal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('region', { name: 'Rincian pencairan' }).getByText('Dibayarkan').waitFor();
      await dialog.getByRole('button', { name: 'Setujui Pencairan Awal' }).click();
      await toast(page, 'Pencairan awal disetujui.').waitFor();

      // The payout waits for the bilyet: Proses Dokumen's "Bilyet perlu kembali" has it; the return is recorded there.
      // The tab is paged (the demo has more bilyet to bring back than a page holds): open the deposit's page.
      let returnPage = 1;
      for (let at = 1; ; at += 1) {
        const work = await apiGet<{ data: Array<{ depositNumber: string }>; meta: { totalPages: number } }>(SUPERVISOR, `/bpr/list-proses-deposito?step=return&page=${at}&limit=20`);
        if (work.data.some((line) => line.depositNumber === deposit.depositNumber)) {
          returnPage = at;
          break;
        }
        if (at >= work.meta.totalPages) throw new Error(`${deposit.depositNumber} is on no page of "Bilyet perlu kembali"`);
      }
      await page.goto(`${demo.server.url}/deposito/proses?step=return&page=${returnPage}`);
      const row = page.locator('.bj-table tbody tr').filter({ has: page.getByRole('link', { name: deposit.depositNumber, exact: true }) });
      await row.waitFor();
      await saveScreenshot(page, 'documents-proses-return');
      await row.getByRole('button', { name: 'Catat pengembalian' }).click();
      const back = page.getByRole('dialog', { name: `Catat pengembalian · ${deposit.depositNumber}` });
      await back.getByRole('button', { name: 'Catat pengembalian' }).click();
      await toast(page, 'Pengembalian bilyet dicatat.').waitFor();
      await expect.poll(() => row.count()).toBe(0);

      // Now the supervisor pays it.
      await page.goto(`${demo.server.url}/deposito/${deposit.id}`);
      await page.getByRole('button', { name: 'Tandai Sudah Dibayar' }).click();
      const pay = page.getByRole('dialog');
      await pay.getByLabel('Nomor referensi transfer').fill('TRF-E2E-BILYET');
      await pay.getByLabel(/^Bukti transfer/).setInputFiles({ name: 'bukti.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await pay.getByRole('button', { name: 'Tandai Sudah Dibayar' }).click();
      await page.locator('.bj-deposit-header').getByText('Selesai').waitFor();
      await page.getByRole('tab', { name: 'Riwayat' }).click();
      await saveScreenshot(page, 'documents-paid-timeline');
    });
    const closed = await detailOf(deposit.id);
    expect(closed).toMatchObject({ status: 'closed', bilyet: { status: 'returned', number: bilyetNumber } });
  });
});
