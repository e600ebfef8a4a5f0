/**
 * Issue 9's documents: how long drawing a bilyet (A4, with its QR code and a logo) and a JNE A6
 * label (with its Code 128) takes, to the last byte (pdfBytes), as the print and label routes do.
 * In-process, after warm-up (fonts parsed, code paths compiled), 200 runs each: mean, p95 and max
 * against the issue's budget of 150 ms each. Figures, never pass/fail.
 *
 *   npx tsx bench/documents.ts
 *   import { runDocumentBenchmarks } from './documents'  (from bench/run.ts)
 */
import { fileURLToPath } from 'node:url';
import { drawResiLabel, type ResiLabel } from '../server/courier/resi-label-pdf';
import { drawBilyet, type BilyetPrint } from '../server/documents/bilyet-pdf';
import { pdfBytes } from '../server/platform/pdf/pdf-bytes';
import { qrPng } from '../server/platform/pdf/qr';

type Log = (line: string) => void;

export interface DocumentTiming {
  meanMs: number;
  p95Ms: number;
  maxMs: number;
  bytes: number;
}

export interface DocumentBenchFigures {
  bilyet: DocumentTiming;
  bilyetWithoutLogo: DocumentTiming;
  label: DocumentTiming;
}

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 200);
const WARM_UP = 20;
const BUDGET_MS = 150;

const BILYET: BilyetPrint = {
  bankName: 'PT BPR Demo Sejahtera',
  bankAddress: 'Jl. Jenderal Sudirman No. 45, Kel. Sukajadi, Kec. Sukasari, Kota Bandung, Jawa Barat 40152 · Telp. (022) 2034567',
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

const LABEL: ResiLabel = {
  service: 'REG',
  awb: 'JNE0012345678901',
  pickupDate: '2026-02-02',
  weightKg: 0.2,
  sender: { name: 'PT BPR Demo Sejahtera', address: 'Jl. Jenderal Sudirman No. 45, Kel. Sukajadi, Kec. Sukasari', city: 'Kota Bandung', zip: '40152', phone: '(022) 2034567' },
  receiver: { name: 'Budi Santoso Wirjono', address: 'Jl. Cihampelas No. 12 RT 003 RW 007, Kel. Cipaganti, Kec. Coblong', city: 'Kota Bandung', zip: '40131', phone: '0812-2345-6789' },
};

async function time(draw: () => Promise<Uint8Array>): Promise<DocumentTiming> {
  let bytes = 0;
  for (let i = 0; i < WARM_UP; i += 1) bytes = (await draw()).byteLength;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await draw();
    samples.push(performance.now() - started);
  }
  const sorted = samples.sort((a, b) => a - b);
  return {
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!,
    maxMs: sorted[sorted.length - 1]!,
    bytes,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const verdict = (value: number) => (value <= BUDGET_MS ? 'within budget' : 'OVER budget');

export async function runDocumentBenchmarks(log: Log = console.log): Promise<DocumentBenchFigures> {
  const report = (what: string, timing: DocumentTiming) =>
    log(`  ${what} (${(timing.bytes / 1024).toFixed(0)} KB): mean ${fmt(timing.meanMs)}, p95 ${fmt(timing.p95Ms)}, max ${fmt(timing.maxMs)}   (budget ${BUDGET_MS} ms each: p95 ${verdict(timing.p95Ms)}, max ${verdict(timing.maxMs)})`);
  log(`  ${RUNS} runs each after ${WARM_UP} to warm up, drawn to the last byte (pdfBytes):`);
  // A stand-in logo: a 600×600 px PNG with an alpha channel (what a logo exported from a design
  // tool usually is), drawn by bwip-js because the repository holds no raster logo.
  const bankLogo = await qrPng(BILYET.bankName, { scale: 12 });
  const bilyet = await time(async () => pdfBytes(await drawBilyet({ ...BILYET, bankLogo }, 'A4')));
  report('bilyet, A4 with QR code and a 600×600 px RGBA logo', bilyet);
  const bilyetWithoutLogo = await time(async () => pdfBytes(await drawBilyet(BILYET, 'A4')));
  report('bilyet, A4 with QR code, no logo', bilyetWithoutLogo);
  const label = await time(async () => pdfBytes(await drawResiLabel(LABEL)));
  report('JNE label, A6 with Code 128', label);
  return { bilyet, bilyetWithoutLogo, label };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runDocumentBenchmarks();
}
