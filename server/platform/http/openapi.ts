import { z } from 'zod';
import {
  changeExpiredPasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginDataSchema,
  loginRequestSchema,
  passwordExpiredDataSchema,
  sendForgotPasswordRequestSchema,
  sessionDataSchema,
  unlockLoginResultSchema,
  userSchema,
} from '../../../contract/auth';
import { apiBases, type ApiBaseName } from '../../../contract/bases';
import { errorEnvelopeSchema, successEnvelope } from '../../../contract/envelope';
import { depositMonthsQuerySchema, depositMonthsSchema } from '../../../contract/deposit-months';
import { profileLogoDataSchema, profileUpdateFieldsSchema, PROFILE_LOGO_FIELD } from '../../../contract/profile';
import {
  approveDepositRequestSchema,
  approveDepositsRequestSchema,
  bulkApprovalSchema,
  breakPreviewQuerySchema,
  changeDepositDateRequestSchema,
  changeRequestDecisionSchema,
  raiseChangeRequestSchema,
  changeRequestListQuerySchema,
  changeRequestSchema,
  channelingQuerySchema,
  channelingSchema,
  depositDetailSchema,
  depositFiltersSchema,
  depositListQuerySchema,
  depositStatusCountsSchema,
  depositSummarySchema,
  documentSummaryCountsSchema,
  processListQuerySchema,
  documentWorkCountsSchema,
  rejectDepositRequestSchema,
  requestBreakRequestSchema,
  unprocessedCountsSchema,
} from '../../../contract/deposit-api';
import { breakPreviewSchema, depositEventRequestSchema } from '../../../contract/deposit';
import {
  bilyetPrintQuerySchema,
  customerIdQuerySchema,
  depositIdQuerySchema,
  DOCUMENT_FILE_FIELD,
  documentSchema,
  createPickupFieldsSchema,
  pickupBookedSchema,
  resiBilyetFieldsSchema,
  unshipBilyetFieldsSchema,
  shipmentIdSchema,
  shipmentSchema,
  signatureRequestSchema,
  signatureSentSchema,
  signDocumentFieldsSchema,
  trackingQuerySchema,
  lostBilyetFieldsSchema,
  receiveBilyetFieldsSchema,
  returnBilyetFieldsSchema,
  uploadBilyetFieldsSchema,
  uploadDocFieldsSchema,
} from '../../../contract/documents';
import {
  disbursementCountsSchema,
  disbursementListQuerySchema,
  disbursementPaidFieldsSchema,
  disbursementRowSchema,
  DISBURSEMENT_PROOF_FIELD,
  dueInformationQuerySchema,
  dueRangeSchema,
} from '../../../contract/disbursement';
import { accountingSettingsAnswerSchema, accountingSettingsSchema, journalAnswerSchema, journalQuerySchema, journalSummaryQuerySchema, journalSummarySchema } from '../../../contract/ledger';
import { holdCountsSchema, holdListQuerySchema, holdSchema, placeHoldSchema, rejectHoldReleaseSchema, requestHoldReleaseSchema } from '../../../contract/holds';
import {
  interestHistoryQuerySchema,
  interestTemplateCountSchema,
  interestTemplateQuerySchema,
  markInterestPaidRequestSchema,
  markInterestPaidResultSchema,
  monthlyInterestQuerySchema,
  monthlyInterestRowSchema,
  monthlyInterestSummarySchema,
} from '../../../contract/interest';
import { createProductSchema, deactivateProductSchema, productDetailSchema, productListItemSchema, productListQuerySchema, productSchema, productVisibilitySchema, updateProductSchema } from '../../../contract/product';
import { createCustomerSchema, customerDetailSchema, customerListQuerySchema, customerSummarySchema, updateCustomerSchema } from '../../../contract/customers';
import { placementPreviewQuerySchema, placementPreviewSchema, placementRequestSchema } from '../../../contract/placement';
import { DEPOSIT_IMPORT_FILE_FIELD, depositImportFieldsSchema, depositImportListQuerySchema, depositImportResultSchema, depositImportSummarySchema, depositImportTemplateQuerySchema } from '../../../contract/deposit-import';
import { publicSettingsSchema } from '../../../contract/public-settings';
import { balanceSheetInputSchema, balanceSheetMonthSchema, balanceSheetSchema, periodSchema } from '../../../contract/balance-sheet';
import { productSettingsInputSchema, productSettingsSavedSchema, productSettingsSchema } from '../../../contract/product-settings';
import { changeOwnPasswordSchema, inviteUserSchema, staffUserSchema, updateUserSchema, userListQuerySchema } from '../../../contract/users';
import { registrationCreatedSchema, registrationFieldsSchema, REGISTRATION_DOCUMENT_FIELD } from '../../../contract/registration';
import { geographyAreaSchema, geographyQuerySchema, zipSearchQuerySchema, zipSearchResultSchema } from '../../../contract/geography';
import { reportCatalogueItemSchema, reportQuerySchema, reportSummaryQuerySchema, reportSummarySchema } from '../../../contract/reports';
import { invoiceDetailSchema, invoiceIdQuerySchema, invoiceListQuerySchema, invoiceReportQuerySchema, invoiceSummarySchema } from '../../../contract/invoices';

type JsonSchema = Record<string, unknown>;

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch';
  /** A base of contract/bases.ts, or null for paths outside the bases (/healthz). */
  base: ApiBaseName | null;
  path: string;
  summary: string;
  /** 'session' needs the base's header form; 'changePasswordToken' the 403's token as Bearer. */
  auth: 'none' | 'session' | 'changePasswordToken';
  json?: z.ZodType;
  /** Query-string parameters, described by the object schema the route parses them with. */
  query?: z.ZodType;
  /** State-changing call that takes an `Idempotency-Key` header (API.md). */
  idempotent?: boolean;
  multipart?: { fields: z.ZodType; files: Record<string, { many: boolean; description: string }> };
  /** `extra`: top-level fields the answer carries beside `data` (e.g. Proses Dokumen's `counts`). */
  /** `also`: another success status answering the same shape (a dry run's 200 and a commit's 201), with its description. */
  response?: { status: 200 | 201; data: z.ZodType | null; description?: string; extra?: Record<string, z.ZodType>; also?: { status: 200 | 201; description: string } };
  /** A second success: 202 when the call is taken but waits for someone's decision. */
  accepted?: { data: z.ZodType; description: string };
  binary?: string[];
  /** Statuses that a browser (Accept: text/html without application/json) gets as an HTML page instead of JSON. */
  htmlFor?: number[];
  errors: number[];
}

const OPERATIONS: Operation[] = [
  {
    method: 'post', base: 'v2Bpr', path: '/auth/login', summary: 'Masuk dengan email dan kata sandi', auth: 'none',
    json: loginRequestSchema, response: { status: 200, data: loginDataSchema }, errors: [400, 401, 403, 429],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/auth/change-expired-password', summary: 'Ganti kata sandi yang kedaluwarsa (Bearer changePasswordToken)', auth: 'changePasswordToken', idempotent: true,
    json: changeExpiredPasswordRequestSchema, response: { status: 200, data: null }, errors: [400, 401, 403],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/auth/registration', summary: 'Pendaftaran BPR baru (menunggu peninjauan)', auth: 'none', idempotent: true,
    multipart: { fields: registrationFieldsSchema, files: { [REGISTRATION_DOCUMENT_FIELD]: { many: true, description: 'PDF, JPEG atau PNG, maksimal 5 MB per berkas' } } },
    response: { status: 201, data: registrationCreatedSchema }, errors: [400, 409, 413, 429],
  },
  { method: 'post', base: 'v2Bpr', path: '/auth/logout', summary: 'Keluar; token dicabut di server', auth: 'session', idempotent: true, response: { status: 200, data: null }, errors: [401] },
  {
    method: 'post', base: 'v2Bpr', path: '/bpr/users/{id}/unlock', summary: 'Buka blokir login pengguna bank ini (ADMIN)', auth: 'session', idempotent: true,
    response: { status: 200, data: unlockLoginResultSchema }, errors: [401, 403, 404],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/profile/change-password', summary: 'Ubah kata sandi sendiri (kata sandi saat ini wajib); sesi lain berakhir, jawaban membawa token baru', auth: 'session', idempotent: true,
    json: changeOwnPasswordSchema, response: { status: 200, data: loginDataSchema }, errors: [400, 401, 429],
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/customers', summary: 'Nasabah bank: cari nama, NIK atau telepon; pokok yang dipegang bank dan bagian yang dijamin LPS', auth: 'session', query: customerListQuerySchema, response: { status: 200, data: z.array(customerSummarySchema) }, errors: [400, 401] },
  {
    method: 'get', base: 'v2Bpr', path: '/deposito/placement/preview', summary: 'Pratinjau penempatan di kantor: suku bunga yang berlaku, jatuh tempo, LPS, pajak dan setiap angsuran bunga (tidak menyimpan apa pun)', auth: 'session',
    query: placementPreviewQuerySchema, response: { status: 200, data: placementPreviewSchema }, errors: [400, 401, 404, 409],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/placement', summary: 'Penempatan di kantor: deposito pending (kanal COUNTER) dengan setorannya; disetujui supervisor lain, bukan pencatatnya', auth: 'session', idempotent: true,
    json: placementRequestSchema, response: { status: 201, data: depositDetailSchema }, errors: [400, 401, 404, 409],
  },
  {
    method: 'get', base: 'v2Bpr', path: '/deposito/import/template', summary: 'Template xlsx Impor Deposito: lembar kolom dan lembar penjelasan; `sample=1` berisi contoh buku deposito untuk dicoba (ADMIN)', auth: 'session',
    query: depositImportTemplateQuerySchema, binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], errors: [400, 401, 403],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/import', summary: 'Impor deposito berjalan dari sistem lama (ADMIN): dryRun=true (bawaan) hanya memeriksa; dryRun=false tanpa kesalahan menyimpan semua baris dalam satu transaksi (201), ada kesalahan → 400 dengan daftar kesalahan', auth: 'session', idempotent: true,
    multipart: { fields: depositImportFieldsSchema, files: { [DEPOSIT_IMPORT_FILE_FIELD]: { many: false, description: 'Template Impor Deposito (xlsx) yang sudah diisi, maksimal 64 MB' } } },
    response: { status: 200, data: depositImportResultSchema, description: 'Hasil pemeriksaan (dryRun=true); tidak ada yang disimpan', also: { status: 201, description: 'Semua baris disimpan (dryRun=false tanpa kesalahan), dengan importId' } }, errors: [400, 401, 403, 409, 413],
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/import', summary: 'Impor deposito yang sudah disimpan, terbaru dulu (ADMIN)', auth: 'session', query: depositImportListQuerySchema, response: { status: 200, data: z.array(depositImportSummarySchema) }, errors: [400, 401, 403] },
  {
    method: 'post', base: 'v2Bpr', path: '/bpr/customers', summary: 'Nasabah baru (perorangan atau badan); NIK/NPWP yang sama di bank ini → 409 dengan data.existingId', auth: 'session', idempotent: true,
    json: createCustomerSchema, response: { status: 201, data: customerDetailSchema }, errors: [400, 401, 409],
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/customers/{id}', summary: 'Seorang nasabah dengan deposito dan dokumennya', auth: 'session', response: { status: 200, data: customerDetailSchema }, errors: [401, 404] },
  {
    method: 'patch', base: 'v2Bpr', path: '/bpr/customers/{id}', summary: 'Ubah data nasabah: kontak langsung; identitas dan rekening pencairan lewat permintaan perubahan; tingkat risiko oleh supervisor; versi lama → 409',
    auth: 'session', idempotent: true, json: updateCustomerSchema, response: { status: 200, data: customerDetailSchema, description: 'Data kontak (dan tingkat risiko) diubah' },
    accepted: { data: z.object({ changeRequest: changeRequestSchema, changeRequests: z.array(changeRequestSchema), customer: customerDetailSchema }), description: 'Identitas atau rekening pencairan menunggu keputusan supervisor lain; bagian kontak, bila ada, sudah diubah' },
    errors: [400, 401, 403, 404, 409],
  },
  { method: 'get', base: 'v2General', path: '/settings', summary: 'Pengaturan umum: id produk, kontak dukungan, hari libur bank', auth: 'session', response: { status: 200, data: publicSettingsSchema }, errors: [401] },
  {
    method: 'get', base: 'v2Bpr', path: '/bpr/neraca-keuangan', summary: 'Neraca keuangan: satu bulan (`period`) dengan rasionya, atau tanpa `period` bulan-bulan yang tersimpan (terbaru dulu) dengan rasionya', auth: 'session',
    query: z.object({ period: periodSchema.optional() }), response: { status: 200, data: z.union([balanceSheetSchema, z.array(balanceSheetMonthSchema)]) }, errors: [400, 401, 404],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/bpr/neraca-keuangan', summary: 'Isi atau ganti neraca satu bulan (ADMIN); baris deposito yang kosong diisi dari Berjangka', auth: 'session', idempotent: true,
    json: balanceSheetInputSchema, response: { status: 201, data: balanceSheetSchema }, errors: [400, 401, 403],
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/neraca-keuangan/template', summary: 'Template xlsx neraca keuangan untuk satu bulan', auth: 'session', query: z.object({ period: periodSchema }), binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], errors: [400, 401] },
  {
    method: 'post', base: 'v2Bpr', path: '/bpr/neraca-keuangan/import', summary: 'Impor neraca satu bulan dari template xlsx (ADMIN)', auth: 'session', idempotent: true,
    multipart: { fields: z.object({ period: periodSchema }), files: { file: { many: false, description: 'Template Neraca Keuangan (xlsx) yang sudah diisi' } } },
    response: { status: 201, data: balanceSheetSchema }, errors: [400, 401, 403],
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/product-setting', summary: 'Pengaturan produk: jam batas, hari libur, pajak, tingkat bunga penjaminan LPS dan batas penjaminan', auth: 'session', response: { status: 200, data: productSettingsSchema }, errors: [401] },
  {
    method: 'put', base: 'v2Bpr', path: '/bpr/product-setting', summary: 'Ubah pengaturan produk (ADMIN); cicilan bunga yang belum jatuh tempo ikut pindah bila hari libur berubah', auth: 'session', idempotent: true,
    json: productSettingsInputSchema, response: { status: 200, data: productSettingsSavedSchema }, errors: [400, 401, 403],
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/users', summary: 'Pengguna bank (ADMIN)', auth: 'session', query: userListQuerySchema, response: { status: 200, data: z.array(staffUserSchema) }, errors: [400, 401, 403] },
  {
    method: 'post', base: 'v2Bpr', path: '/bpr/users', summary: 'Undang pengguna (ADMIN); tautan atur kata sandi dikirim lewat email', auth: 'session', idempotent: true,
    json: inviteUserSchema, response: { status: 201, data: staffUserSchema }, errors: [400, 401, 403, 409],
  },
  {
    method: 'patch', base: 'v2Bpr', path: '/bpr/users/{id}', summary: 'Ubah peran, nonaktifkan atau aktifkan pengguna (ADMIN); admin aktif terakhir tetap', auth: 'session', idempotent: true,
    json: updateUserSchema, response: { status: 200, data: staffUserSchema }, errors: [400, 401, 403, 404, 409],
  },
  { method: 'get', base: 'v2Bpr', path: '/profile/detail', summary: 'Profil pengguna yang masuk', auth: 'session', response: { status: 200, data: userSchema }, errors: [401] },
  { method: 'get', base: 'v2Bpr', path: '/profile/logo', summary: 'URL logo bank', auth: 'session', response: { status: 200, data: profileLogoDataSchema }, errors: [401] },
  { method: 'get', base: 'v2Bpr', path: '/profile/logo/{fileId}', summary: 'Berkas logo bank (PNG/JPEG)', auth: 'none', binary: ['image/png', 'image/jpeg'], errors: [404] },
  {
    method: 'post', base: 'v2Bpr', path: '/profile/update', summary: 'Ubah nama, telepon dan logo bank (logo hanya ADMIN)', auth: 'session', idempotent: true,
    multipart: { fields: profileUpdateFieldsSchema, files: { [PROFILE_LOGO_FIELD]: { many: false, description: 'PNG atau JPEG, maksimal 1 MB' } } },
    response: { status: 200, data: userSchema }, errors: [400, 401, 403, 413],
  },
  {
    method: 'post', base: 'v2', path: '/auth/send-forgot-password', summary: 'Kirim tautan atur ulang kata sandi (selalu 200)', auth: 'none', idempotent: true,
    json: sendForgotPasswordRequestSchema, response: { status: 200, data: null }, errors: [400],
  },
  {
    method: 'post', base: 'v2', path: '/auth/forgot-password', summary: 'Atur ulang kata sandi dengan token dari email', auth: 'none', idempotent: true,
    json: forgotPasswordRequestSchema, response: { status: 200, data: null }, errors: [400, 403],
  },
  ...(Object.keys(apiBases) as ApiBaseName[]).map(
    (base): Operation => ({
      method: 'get', base, path: '/auth/session', summary: 'Periksa token dengan bentuk header Authorization basis ini', auth: 'session',
      response: { status: 200, data: sessionDataSchema }, errors: [401],
    }),
  ),
  {
    method: 'get', base: null, path: '/verifikasi/bilyet/{code}', summary: 'Verifikasi keaslian bilyet (publik; nama pemegang disamarkan; halaman HTML untuk peramban)', auth: 'none',
    response: { status: 200, data: z.object({ genuine: z.literal(true), bankName: z.string(), bilyetNumber: z.string(), holderName: z.string(), amount: z.number().int(), maturityDate: z.string(), inForce: z.boolean(), awaitingIssue: z.boolean(), held: z.boolean(), note: z.string() }) },
    htmlFor: [200, 404, 429], errors: [404, 429],
  },
  // API.md "Master data (v2-general)": public, read-only (the registration form reads it before any login).
  {
    method: 'get', base: 'v2General', path: '/geography', summary: 'Wilayah satu tingkat (provinsi, kota/kabupaten, kecamatan, kelurahan/desa) dengan kode Kemendagri; publik', auth: 'none',
    query: geographyQuerySchema, response: { status: 200, data: z.array(geographyAreaSchema) }, errors: [400, 404],
  },
  {
    method: 'get', base: 'v2General', path: '/geography/zip-code/search', summary: 'Cari kode pos: awal kode pos (3-5 angka) atau nama kelurahan/desa, kecamatan, kota; publik', auth: 'none',
    query: zipSearchQuerySchema, response: { status: 200, data: z.array(zipSearchResultSchema) }, errors: [400],
  },
  // API.md "Reports and invoices": the platform's invoices to the bank (every staff role reads).
  {
    method: 'get', base: 'v1', path: '/bpr-invoice/my-invoice', summary: 'Tagihan platform kepada bank ini, periode terbaru dahulu; status unpaid, paid atau overdue (dihitung hari ini)', auth: 'session',
    query: invoiceListQuerySchema, response: { status: 200, data: z.array(invoiceSummarySchema) }, errors: [400, 401],
  },
  {
    method: 'get', base: 'v1', path: '/bpr-invoice/invoice', summary: 'Satu tagihan (`id`) dengan para pihak, rincian per deposito, DPP, PPN, total dan terbilang', auth: 'session',
    query: invoiceIdQuerySchema, response: { status: 200, data: invoiceDetailSchema }, errors: [400, 401, 404],
  },
  { method: 'get', base: 'v1', path: '/bpr-invoice-doc/my-invoice/pdf', summary: 'Tagihan (`id`) sebagai PDF', auth: 'session', query: invoiceIdQuerySchema, binary: ['application/pdf'], errors: [400, 401, 404] },
  {
    method: 'get', base: 'v2Bpr', path: '/report/invoice/xlsx', summary: 'Rincian tagihan bulan `period` (bulan yang ditagih) sebagai xlsx, dengan jumlah, DPP, PPN dan total', auth: 'session',
    query: invoiceReportQuerySchema, binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], errors: [400, 401, 404],
  },
  { method: 'get', base: null, path: '/healthz', summary: 'Kesehatan server dan basis data', auth: 'none', response: { status: 200, data: z.object({ status: z.string(), database: z.string() }) }, errors: [400, 503] },
];

/** API.md "Deposits" and "Interest and payouts" (all v2-bpr, Bearer). */
const TRANSITION_ERRORS = [400, 401, 403, 404, 409, 422];
const DEPOSIT_OPERATIONS: Operation[] = [
  {
    method: 'get', base: 'v1', path: '/{product}/all-product', summary: 'Daftar produk bank (keluarga produk: `deposito`), urut nama, dengan suku bunga yang berlaku hari ini', auth: 'session',
    query: productListQuerySchema, response: { status: 200, data: z.array(productListItemSchema) }, errors: [400, 401, 404],
  },
  {
    method: 'get', base: 'v1', path: '/{product}', summary: 'Satu produk (`id`) dengan riwayat suku bunga, terbaru dulu', auth: 'session',
    query: z.object({ id: z.string() }), response: { status: 200, data: productDetailSchema }, errors: [400, 401, 404],
  },
  {
    method: 'post', base: 'v1', path: '/{product}/create-product', summary: 'Buat produk (ADMIN); kode unik per bank; suku bunga berlaku mulai `rateEffectiveFrom` (bawaan hari ini)', auth: 'session', idempotent: true,
    json: createProductSchema, response: { status: 201, data: productSchema }, errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'put', base: 'v1', path: '/{product}', summary: 'Ubah produk (ADMIN); suku bunga baru berlaku mulai `rateEffectiveFrom` (hari ini atau sesudahnya), periode berjalan tetap', auth: 'session', idempotent: true,
    json: updateProductSchema, response: { status: 200, data: productSchema }, errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'patch', base: 'v1', path: '/{product}/deactivate-product', summary: 'Nonaktifkan produk (ADMIN): tanpa penempatan baru; deposito ARO jatuh tempo, tidak diperpanjang', auth: 'session', idempotent: true,
    json: deactivateProductSchema, response: { status: 200, data: productSchema }, errors: [400, 401, 403, 404],
  },
  {
    method: 'patch', base: 'v1', path: '/{product}/{productId}/visibility', summary: 'Tampilkan atau sembunyikan produk di platform (ADMIN)', auth: 'session', idempotent: true,
    json: productVisibilitySchema, response: { status: 200, data: productSchema }, errors: [400, 401, 403, 404],
  },
  {
    method: 'get', base: 'v2Bpr', path: '/invoice/all-deposito', summary: 'Daftar deposito (filter, urutan, halaman; `meta` berisi total)', auth: 'session',
    query: depositListQuerySchema, response: { status: 200, data: z.array(depositSummarySchema) }, errors: [400, 401],
  },
  {
    method: 'get', base: 'v2Bpr', path: '/invoice/list-count-all-deposito', summary: 'Jumlah deposito per status (filter sama tanpa status)', auth: 'session',
    query: depositFiltersSchema, response: { status: 200, data: depositStatusCountsSchema }, errors: [400, 401],
  },
  { method: 'get', base: 'v2Bpr', path: '/invoice/count-summary-document', summary: 'Jumlah bilyet/tanda tangan yang belum selesai', auth: 'session', response: { status: 200, data: documentSummaryCountsSchema }, errors: [401] },
  {
    method: 'get', base: 'v2Bpr', path: '/invoice/deposito/break', summary: 'Pratinjau pencairan awal (pokok, bunga, pajak, penalti, dibayar)', auth: 'session',
    query: breakPreviewQuerySchema,
    response: { status: 200, data: breakPreviewSchema.extend({ depositId: z.string(), breakDate: z.string(), periodStart: z.string(), maturityDate: z.string() }) },
    errors: [400, 401, 404, 409],
  },
  { method: 'post', base: 'v2Bpr', path: '/invoice/deposito/break', summary: 'Ajukan pencairan awal (deposit.requestBreak)', auth: 'session', idempotent: true, json: requestBreakRequestSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS },
  { method: 'patch', base: 'v2Bpr', path: '/invoice/deposit-date', summary: 'Ubah tanggal efektif (deposit.changeDate)', auth: 'session', idempotent: true, json: changeDepositDateRequestSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/approve-deposito', auth: 'session', idempotent: true,
    summary: 'Setujui deposito (deposit.approve); dengan `depositIds` sampai 100 deposito sekaligus, tiap deposito dijawab sendiri (disetujui, atau alasannya)',
    json: z.union([approveDepositRequestSchema, approveDepositsRequestSchema]), response: { status: 200, data: z.union([depositDetailSchema, bulkApprovalSchema]) }, errors: TRANSITION_ERRORS,
  },
  { method: 'post', base: 'v2Bpr', path: '/deposito/reject-deposito', summary: 'Tolak deposito (deposit.reject)', auth: 'session', idempotent: true, json: rejectDepositRequestSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS },
  { method: 'get', base: 'v2Bpr', path: '/deposito/{id}', summary: 'Detail deposito: periode, bunga, pencairan, riwayat, aksi yang diizinkan', auth: 'session', response: { status: 200, data: depositDetailSchema }, errors: [401, 404] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/{id}/events', summary: 'Aksi siklus hidup lain (`type` + isi aksi, `version` opsional)', auth: 'session', idempotent: true,
    json: depositEventRequestSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS,
  },
  { method: 'get', base: 'v2Bpr', path: '/bpr/count-unprocessed-deposito', summary: 'Jumlah deposito yang menunggu diproses', auth: 'session', response: { status: 200, data: unprocessedCountsSchema }, errors: [401] },
  { method: 'get', base: 'v2Bpr', path: '/bpr/list-proses-deposito', summary: 'Proses Dokumen: deposito per tahap (step) dengan jumlah per tahap (counts)', auth: 'session', query: processListQuerySchema, response: { status: 200, data: z.array(depositSummarySchema), extra: { counts: documentWorkCountsSchema } }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/bpr/deposito-channeling', summary: 'Penempatan per mitra penyalur dalam satu bulan', auth: 'session', query: channelingQuerySchema, response: { status: 200, data: channelingSchema }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/bpr/deposit-months', summary: 'Penempatan dan jatuh tempo per bulan, N bulan terakhir (WIB)', auth: 'session', query: depositMonthsQuerySchema, response: { status: 200, data: depositMonthsSchema }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/deposito-change-request', summary: 'Permintaan perubahan dari nasabah', auth: 'session', query: changeRequestListQuerySchema, response: { status: 200, data: z.array(changeRequestSchema) }, errors: [400, 401] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito-change-request', summary: 'Ajukan perubahan rekening pencairan atau instruksi jatuh tempo dari sebuah deposito; diputuskan supervisor lain', auth: 'session', idempotent: true,
    json: raiseChangeRequestSchema, response: { status: 201, data: changeRequestSchema }, errors: [400, 401, 404, 409],
  },
  { method: 'patch', base: 'v2Bpr', path: '/deposito-change-request/{id}', summary: 'Putuskan permintaan perubahan (SUPERVISOR)', auth: 'session', idempotent: true, json: changeRequestDecisionSchema, response: { status: 200, data: changeRequestSchema }, errors: TRANSITION_ERRORS },
  {
    method: 'get', base: 'v2Bpr', path: '/deposito/monthly-interest', summary: 'Bunga bulanan satu periode (tanggal bayar dalam bulan itu); `summary` menjumlah seluruh bulan dengan filter yang sama', auth: 'session',
    query: monthlyInterestQuerySchema, response: { status: 200, data: z.array(monthlyInterestRowSchema), extra: { period: z.string(), summary: monthlyInterestSummarySchema } }, errors: [400, 401],
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/monthly-interest-disbursement', summary: 'Riwayat bunga yang sudah dibayar', auth: 'session', query: interestHistoryQuerySchema, response: { status: 200, data: z.array(monthlyInterestRowSchema) }, errors: [400, 401] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/monthly-interest-disbursement', summary: 'Tandai bunga sudah dibayar sekaligus (SUPERVISOR; semua atau tidak sama sekali)', auth: 'session', idempotent: true,
    json: markInterestPaidRequestSchema, response: { status: 200, data: markInterestPaidResultSchema }, errors: TRANSITION_ERRORS,
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/monthly-interest-template/count', summary: 'Jumlah baris templat transfer bunga', auth: 'session', query: interestTemplateQuerySchema, response: { status: 200, data: interestTemplateCountSchema }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/deposito/disbursements', summary: 'Pencairan yang harus dan sudah dibayar', auth: 'session', query: disbursementListQuerySchema, response: { status: 200, data: z.array(disbursementRowSchema) }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/deposito/disbursements/count', summary: 'Jumlah dan nilai pencairan per status', auth: 'session', query: disbursementListQuerySchema, response: { status: 200, data: disbursementCountsSchema }, errors: [400, 401] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/disbursement-paid', summary: 'Catat pencairan sudah dibayar dengan bukti transfer (deposit.markPaid, SUPERVISOR)', auth: 'session', idempotent: true,
    multipart: { fields: disbursementPaidFieldsSchema, files: { [DISBURSEMENT_PROOF_FIELD]: { many: false, description: 'PDF, JPEG atau PNG, maksimal 5 MB' } } },
    response: { status: 200, data: depositDetailSchema }, errors: [...TRANSITION_ERRORS, 413],
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/disbursement-proof/{fileId}', summary: 'Berkas bukti transfer pencairan', auth: 'session', binary: ['application/pdf', 'image/jpeg', 'image/png'], errors: [401, 404] },
  // --- Holds (blokir), API.md "Placements, import and holds" ---
  { method: 'get', base: 'v2Bpr', path: '/deposito/holds', summary: 'Daftar blokir deposito (status, alasan, kata kunci), dengan jumlah per status', auth: 'session', query: holdListQuerySchema, response: { status: 200, data: z.array(holdSchema), extra: { counts: holdCountsSchema } }, errors: [400, 401] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/hold', summary: 'Pasang blokir pada deposito (SUPERVISOR/ADMIN), dengan surat bila ada', auth: 'session', idempotent: true,
    multipart: { fields: placeHoldSchema, files: { file: { many: false, description: 'Surat blokir: PDF, JPEG atau PNG, maksimal 5 MB' } } },
    response: { status: 201, data: holdSchema }, errors: TRANSITION_ERRORS,
  },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/hold/{id}/release', summary: 'Ajukan pelepasan blokir dengan alasan; disetujui supervisor lain', auth: 'session', idempotent: true,
    json: requestHoldReleaseSchema, accepted: { data: holdSchema, description: 'Pelepasan diajukan, menunggu persetujuan supervisor lain' }, errors: TRANSITION_ERRORS,
  },
  { method: 'post', base: 'v2Bpr', path: '/deposito/hold/{id}/approve-release', summary: 'Setujui pelepasan blokir (supervisor selain pengaju)', auth: 'session', idempotent: true, response: { status: 200, data: holdSchema }, errors: TRANSITION_ERRORS },
  { method: 'post', base: 'v2Bpr', path: '/deposito/hold/{id}/reject-release', summary: 'Tolak pengajuan pelepasan blokir; blokir tetap aktif (SUPERVISOR)', auth: 'session', idempotent: true, json: rejectHoldReleaseSchema, response: { status: 200, data: holdSchema }, errors: TRANSITION_ERRORS },
  { method: 'get', base: 'v2Bpr', path: '/deposito/hold/{id}/letter', summary: 'Berkas surat blokir', auth: 'session', binary: ['application/pdf', 'image/jpeg', 'image/png'], errors: [401, 404] },
  // --- Documents and the bilyet's journey (API.md "Documents, signature, courier") ---
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/upload-doc', summary: 'Unggah dokumen deposito atau nasabah (PDF/JPEG/PNG, maks. 5 MB)', auth: 'session', idempotent: true,
    multipart: { fields: uploadDocFieldsSchema, files: { [DOCUMENT_FILE_FIELD]: { many: false, description: 'PDF, JPEG atau PNG, maksimal 5 MB' } } },
    response: { status: 201, data: documentSchema }, errors: [400, 401, 404, 413],
  },
  { method: 'get', base: 'v2Bpr', path: '/invoice/doc', summary: 'Dokumen sebuah deposito, terbaru dahulu', auth: 'session', query: depositIdQuerySchema, response: { status: 200, data: z.array(documentSchema) }, errors: [400, 401, 404] },
  { method: 'get', base: 'v2Bpr', path: '/invoice/doc/customer', summary: 'Dokumen seorang nasabah dan deposito-depositonya', auth: 'session', query: customerIdQuerySchema, response: { status: 200, data: z.array(documentSchema) }, errors: [400, 401, 404] },
  {
    method: 'get', base: 'v2Bpr', path: '/deposito/aro-doc-by-cust-id', summary: 'Surat ARO seorang nasabah', auth: 'session', query: customerIdQuerySchema,
    response: { status: 200, data: z.array(z.object({ depositId: z.string(), depositNumber: z.string(), periodNumber: z.number().int(), issuedAt: z.string(), document: documentSchema.nullable() })) }, errors: [400, 401, 404],
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/document/{id}', summary: 'Berkas sebuah dokumen (lampiran)', auth: 'session', binary: ['application/pdf', 'image/jpeg', 'image/png'], errors: [401, 404] },
  { method: 'get', base: 'v2Bpr', path: '/deposito/bilyet/print', summary: 'Bilyet untuk dicetak (PDF; A4 atau ukuran formulir bank) dengan nomornya (diketik dari formulir bernomor, atau dari seri bank) dan QR verifikasi', auth: 'session', query: bilyetPrintQuerySchema, binary: ['application/pdf'], errors: [400, 401, 404, 409] },
  ...(
    [
      ['/deposito/upload-bilyet', 'Unggah pindaian bilyet bertanda tangan dengan nomornya (terbit, atau terbit ulang setelah hilang)', uploadBilyetFieldsSchema, 'pindaian bilyet'],
      ['/deposito/receive-bilyet', 'Catat bilyet diterima nasabah (kurir, atau diserahkan di kantor)', receiveBilyetFieldsSchema, 'tanda terima (opsional)'],
      ['/deposito/return-bilyet', 'Catat bilyet dikembalikan nasabah (syarat pencairan)', returnBilyetFieldsSchema, 'bukti pengembalian (opsional)'],
      ['/deposito/lost-bilyet', 'Catat bilyet hilang dengan surat keterangan atau laporan polisi', lostBilyetFieldsSchema, 'surat keterangan kehilangan'],
    ] as const
  ).map(
    ([path, summary, fields, file]): Operation => ({
      method: 'post', base: 'v2Bpr', path, summary, auth: 'session', idempotent: true,
      multipart: { fields, files: { [DOCUMENT_FILE_FIELD]: { many: false, description: `${file}: PDF, JPEG atau PNG, maksimal 5 MB` } } },
      response: { status: 200, data: depositDetailSchema }, errors: [...TRANSITION_ERRORS, 413],
    }),
  ),
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/resi-bilyet', summary: 'Catat resi kurir yang diketik staf (bilyet terkirim)', auth: 'session', idempotent: true,
    json: resiBilyetFieldsSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS,
  },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/unship-bilyet', summary: 'Catat bilyet kembali ke bank tanpa terkirim (pengiriman gagal, resi salah)', auth: 'session', idempotent: true,
    json: unshipBilyetFieldsSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS,
  },
  {
    method: 'post', base: 'v2Bpr', path: '/jne/create-pickup', summary: 'Pesan penjemputan JNE untuk bilyet (bilyet terkirim); satu pengiriman berjalan per deposito', auth: 'session', idempotent: true,
    json: createPickupFieldsSchema, response: { status: 201, data: pickupBookedSchema }, errors: [...TRANSITION_ERRORS, 422, 502, 503],
  },
  {
    method: 'post', base: 'v2Bpr', path: '/jne/cancel-pickup', summary: 'Batalkan penjemputan JNE sebelum dijemput (bilyet kembali di bank)', auth: 'session', idempotent: true,
    json: shipmentIdSchema, response: { status: 200, data: shipmentSchema }, errors: [...TRANSITION_ERRORS, 422, 502, 503],
  },
  { method: 'get', base: 'v2Bpr', path: '/jne/print-resi', summary: 'Label resi JNE A6 dengan AWB sebagai Code 128 (PDF)', auth: 'session', query: shipmentIdSchema, binary: ['application/pdf'], errors: [400, 401, 404, 409] },
  { method: 'get', base: 'v2Bpr', path: '/jne/tracking', summary: 'Lacak kiriman JNE sekarang; terkirim menandai bilyet diterima', auth: 'session', query: trackingQuerySchema, response: { status: 200, data: shipmentSchema }, errors: [400, 401, 404, 422, 502, 503] },
  {
    method: 'post', base: 'v2Bpr', path: '/deposito/sign-document', summary: 'Kirim dokumen PDF deposito ke nasabah untuk ditandatangani lewat Privy', auth: 'session', idempotent: true,
    json: signDocumentFieldsSchema, response: { status: 201, data: signatureSentSchema }, errors: [400, 401, 404, 409, 422, 502, 503],
  },
  { method: 'get', base: 'v2Bpr', path: '/deposito/signature', summary: 'Permintaan tanda tangan sebuah deposito dengan salinan bertanda tangan', auth: 'session', query: depositIdQuerySchema, response: { status: 200, data: z.array(signatureRequestSchema) }, errors: [400, 401, 404] },
  {
    method: 'post', base: 'v2Bpr', path: '/privy/callback', summary: 'Callback Privy (X-Privy-Signature: HMAC-SHA256 badan permintaan); idempoten per eventId dan dokumen; reference harus sama dengan permintaannya (409); 503 selama salinan bertanda tangan belum dapat diambil', auth: 'none',
    response: { status: 200, data: z.object({ recorded: z.boolean() }) }, errors: [400, 401, 404, 409, 503],
  },
  { method: 'post', base: 'v2Bpr', path: '/deposito/pencairan-aro', summary: 'Hentikan ARO (deposit.stopAro)', auth: 'session', idempotent: true, json: approveDepositRequestSchema, response: { status: 200, data: depositDetailSchema }, errors: TRANSITION_ERRORS },
  ...(
    [
      ['/invoice/all-deposito/download', 'Unduh daftar deposito (xlsx) dengan filter dan urutan daftar', depositListQuerySchema],
      ['/deposito/monthly-interest-template/download', 'Unduh templat transfer bunga bulanan (xlsx)', interestTemplateQuerySchema],
      ['/deposito/disbursements/download', 'Unduh daftar pencairan (xlsx)', disbursementListQuerySchema],
      ['/deposito/due-information/download', 'Unduh informasi jatuh tempo (xlsx)', dueInformationQuerySchema],
    ] as const
  ).map(
    ([path, summary, query]): Operation => ({
      method: 'get', base: 'v2Bpr', path, summary, auth: 'session', query,
      binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], errors: [400, 401],
    }),
  ),
  {
    method: 'get', base: 'v2Bpr', path: '/deposito/due-information', summary: 'Deposito yang jatuh tempo dalam `days` hari (bawaan 30); `range` menyebut tanggal awal dan akhirnya', auth: 'session',
    query: dueInformationQuerySchema, response: { status: 200, data: z.array(depositSummarySchema), extra: { range: dueRangeSchema } }, errors: [400, 401],
  },
  // --- Reports (API.md "Reports and invoices"): every staff role reads them, only its own bank ---
  // --- The bank's ledger (API.md "The bank's ledger") ---
  { method: 'get', base: 'v2Bpr', path: '/bpr/accounting-settings', summary: 'Pemetaan akun buku besar bank (kode akun per peran, per produk bila diatur)', auth: 'session', response: { status: 200, data: accountingSettingsAnswerSchema }, errors: [401] },
  {
    method: 'put', base: 'v2Bpr', path: '/bpr/accounting-settings', summary: 'Ubah pemetaan akun (ADMIN); dicatat di audit', auth: 'session', idempotent: true,
    json: accountingSettingsSchema, response: { status: 200, data: accountingSettingsAnswerSchema }, errors: [400, 401, 403],
  },
  {
    method: 'get', base: 'v2Bpr', path: '/report/journal', summary: 'Jurnal satu hari (`date`) atau satu bulan (`period`, sampai hari ini): json, xlsx (dengan rincian per deposito) atau CSV untuk impor core banking (`detail=true`: rincian per deposito)', auth: 'session',
    query: journalQuerySchema, response: { status: 200, data: journalAnswerSchema }, binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], errors: [400, 401],
  },
  { method: 'get', base: 'v2Bpr', path: '/report/journal/summary', summary: 'Ringkasan jurnal satu bulan per akun (awal, debit, kredit, akhir) dan pemeriksaannya', auth: 'session', query: journalSummaryQuerySchema, response: { status: 200, data: journalSummarySchema }, errors: [400, 401] },
  { method: 'get', base: 'v2Bpr', path: '/report/list-report', summary: 'Laporan yang dapat dibuat, dengan formatnya (xlsx, pdf)', auth: 'session', response: { status: 200, data: z.array(reportCatalogueItemSchema) }, errors: [401] },
  {
    method: 'get', base: 'v2Bpr', path: '/report', summary: 'Satu laporan bulanan sebagai xlsx atau PDF, dialirkan; `period` YYYY-MM tidak setelah bulan ini (posisi pada akhir bulan, atau hari ini pada bulan berjalan)', auth: 'session',
    query: reportQuerySchema, binary: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'], errors: [400, 401],
  },
  {
    method: 'get', base: 'v2Bpr', path: '/report/list-summary', summary: 'Angka Beranda satu bulan (bawaan bulan ini): posisi, penempatan, jatuh tempo, bunga dan PPh, rasio neraca terakhir (null bila belum ada)', auth: 'session',
    query: reportSummaryQuerySchema, response: { status: 200, data: reportSummarySchema }, errors: [400, 401],
  },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Data tidak valid; `message` berisi satu kalimat per kolom',
  401: 'Tidak masuk, token tidak valid, dicabut atau kedaluwarsa, atau bentuk header salah',
  403: 'Tidak diizinkan; pada login: `error: "PasswordExpired"` dengan `data.changePasswordToken`',
  404: 'Tidak ditemukan (juga data bank lain)',
  409: 'Status atau versi data tidak memungkinkan aksi ini; `message` menjelaskan alasannya ("Data telah berubah, muat ulang.")',
  422: 'Idempotency-Key sudah dipakai untuk permintaan lain',
  413: 'Data terlalu besar',
  431: 'Alamat atau header permintaan terlalu panjang',
  429: 'Terlalu banyak percobaan (masuk, pendaftaran, verifikasi) dari alamat atau akun ini; `data.retryAt` menyebut kapan boleh mencoba lagi',
  503: 'Basis data tidak menjawab',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return namedRecordKeys(rest) as JsonSchema;
}

/**
 * zod writes a record keyed by an enum (the counts per status) as `propertyNames` with every key
 * `required`, which names no property: generated clients then see no field. Each key becomes a
 * property of the record's value schema, and nothing else is allowed.
 */
function namedRecordKeys(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(namedRecordKeys);
  if (!schema || typeof schema !== 'object') return schema;
  const result = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, namedRecordKeys(value)])) as JsonSchema;
  const keys = (result.propertyNames as JsonSchema | undefined)?.enum;
  if (result.type === 'object' && Array.isArray(keys) && !result.properties && result.additionalProperties && typeof result.additionalProperties === 'object') {
    const { propertyNames: _names, additionalProperties: value, ...rest } = result;
    return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), value])), additionalProperties: false };
  }
  return result;
}

/**
 * A stable, unique operationId from the method and the path as clients call it: the base's name,
 * then each segment in camelCase, a path parameter as `By<Name>`
 * (GET /api-v2-bpr/deposito/{id} → `getV2BprDepositoById`).
 */
function operationIdOf(operation: Pick<Operation, 'method' | 'base' | 'path'>): string {
  const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  const segments = operation.path.split('/').filter(Boolean).map((segment) => (segment.startsWith('{') ? `By${pascal(segment)}` : pascal(segment)));
  return `${operation.method}${operation.base ? pascal(operation.base) : ''}${segments.join('')}`;
}

function fullPath(operation: Operation): string {
  return operation.base ? `${apiBases[operation.base].path}${operation.path}` : operation.path;
}

function requestBody(operation: Operation): JsonSchema | undefined {
  if (operation.json) return { required: true, content: { 'application/json': { schema: schemaOf(operation.json, 'input') } } };
  if (!operation.multipart) return undefined;
  const fields = schemaOf(operation.multipart.fields, 'input');
  const fileProperties = Object.fromEntries(
    Object.entries(operation.multipart.files).map(([name, file]) => {
      const one = { type: 'string', format: 'binary', description: file.description };
      return [name, file.many ? { type: 'array', items: one } : one];
    }),
  );
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { ...fields, properties: { ...(fields.properties as JsonSchema | undefined), ...fileProperties } },
      },
    },
  };
}

function responses(operation: Operation): JsonSchema {
  const result: JsonSchema = {};
  if (operation.response) {
    const envelope = successEnvelope(operation.response.data ?? z.null());
    const data = schemaOf(operation.response.extra ? envelope.extend(operation.response.extra) : envelope, 'output');
    result[String(operation.response.status)] = { description: operation.response.description ?? 'OK', content: { 'application/json': { schema: data } } };
    const also = operation.response.also;
    if (also) result[String(also.status)] = { description: also.description, content: { 'application/json': { schema: data } } };
  }
  if (operation.accepted) {
    result['202'] = { description: operation.accepted.description, content: { 'application/json': { schema: schemaOf(successEnvelope(operation.accepted.data), 'output') } } };
  }
  if (operation.binary) {
    // A route that answers JSON or a file by its `format` (the journal) keeps both under 200.
    const files = Object.fromEntries(operation.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    const json = (result['200'] as { content?: Record<string, unknown> } | undefined)?.content;
    result['200'] = { description: json ? 'JSON, atau berkas menurut `format`' : 'Berkas', content: { ...(json ?? {}), ...files } };
  }
  // Every route can refuse an unreadable address (400) and a URL or headers over Node's limit (431),
  // one with a body a body over the limit (413), and one that takes an Idempotency-Key a key already
  // used for another request (422): the app's middleware and the HTTP server answer them.
  const everywhere = [400, 431, ...(operation.method === 'get' ? [] : [413]), ...(operation.idempotent ? [422] : [])];
  for (const status of [...new Set([...operation.errors, ...everywhere])].sort((a, b) => a - b)) {
    const schema = status === 403 && operation.path === '/auth/login'
      ? schemaOf(errorEnvelopeSchema.extend({ data: passwordExpiredDataSchema.optional() }), 'output')
      : { $ref: '#/components/schemas/ErrorEnvelope' };
    result[String(status)] = { description: ERROR_DESCRIPTIONS[status] ?? 'Galat', content: { 'application/json': { schema } } };
  }
  for (const status of operation.htmlFor ?? []) {
    const answer = result[String(status)] as { content: Record<string, unknown> } | undefined;
    if (answer) answer.content['text/html'] = { schema: { type: 'string', description: 'Halaman HTML untuk peramban (Accept: text/html)' } };
  }
  result['500'] = { description: 'Kesalahan tak terduga (tanpa detail)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  return result;
}

function security(operation: Operation): JsonSchema[] {
  if (operation.auth === 'none') return [];
  if (operation.auth === 'changePasswordToken') return [{ bearer: [] }];
  return operation.base && apiBases[operation.base].authorization === 'raw' ? [{ rawToken: [] }] : [{ bearer: [] }];
}

/** The OpenAPI 3.1 document of every route the server serves, built from the contract's zod schemas. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const operation of [...OPERATIONS, ...DEPOSIT_OPERATIONS]) {
    const path = fullPath(operation);
    const parameters: JsonSchema[] = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (operation.query) {
      const query = schemaOf(operation.query, 'input');
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    if (operation.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Kunci unik per permintaan: kunci sama + isi sama = jawaban pertama diulang; kunci sama + isi lain = 422.',
        schema: { type: 'string', maxLength: 255 },
      });
    }
    const body = requestBody(operation);
    (paths[path] ??= {})[operation.method] = {
      operationId: operationIdOf(operation),
      summary: operation.summary,
      tags: [operation.base ? apiBases[operation.base].path : 'server'],
      security: security(operation),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Berjangka API',
      version: '1.0.0',
      // The package is private (package.json): no open licence grants use of the code or the API.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Back office deposito BPR. Setiap jawaban memakai amplop `{ statusCode, message, data }`; galat `{ statusCode, message, error }`. ' +
        'Header Authorization: token mentah di /api-v1, `Bearer <token>` di basis v2.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ErrorEnvelope: schemaOf(errorEnvelopeSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        rawToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token tanpa awalan (hanya /api-v1)' },
      },
    },
  };
}

/** "METHOD /full/path" of every documented operation, in Hono's `:param` notation. */
export function documentedRoutes(): string[] {
  return [...OPERATIONS, ...DEPOSIT_OPERATIONS].map((operation) => `${operation.method.toUpperCase()} ${fullPath(operation).replace(/\{(\w+)\}/g, ':$1')}`);
}
