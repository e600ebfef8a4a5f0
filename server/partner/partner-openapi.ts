import { z } from 'zod';
import {
  accessTokenAnswerSchema,
  accessTokenRequestSchema,
  PARTNER_API_BASE,
  partnerBreakRequestSchema,
  partnerCancelSchema,
  partnerChangeRequestAnswerSchema,
  partnerChangeRequestSchema,
  partnerDepositChangedAnswerSchema,
  partnerPlacementAnswerSchema,
  partnerPlacementSchema,
  partnerProductsAnswerSchema,
  partnerStatusAnswerSchema,
  snapRefusalSchema,
} from '../../contract/partner';

type JsonSchema = Record<string, unknown>;

/**
 * The partner door's OpenAPI document (GET /api-partner/openapi.json), apart from the staff API's
 * (/api-docs): its calls are secured and answered the SNAP way (headers, responseCode and
 * responseMessage at the top level, no `data` envelope), so a partner's engineers read one
 * document for one contract.
 */

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const header = (name: string, description: string): JsonSchema => ({ name, in: 'header', required: true, schema: { type: 'string' }, description });
const SIGNED_HEADERS = [
  header('Authorization', 'Bearer <accessToken>'),
  header('X-TIMESTAMP', 'ISO-8601 dengan zona waktu, dalam 5 menit dari waktu server'),
  header('X-PARTNER-ID', 'client key mitra'),
  header('CHANNEL-ID', 'kanal mitra (huruf dan angka, paling panjang 10)'),
  header('X-SIGNATURE', 'base64 HMAC-SHA512(client secret, METHOD:PATH:accessToken:hex SHA-256 body yang diminifikasi:X-TIMESTAMP)'),
];
/** SNAP's access token as a Bearer scheme; the signature headers go with it on every such call (SIGNED_HEADERS). */
const SNAP_SECURITY = [{ snapAccessToken: [] }];

const EXTERNAL_ID = header('X-EXTERNAL-ID', 'kunci idempotensi, unik per mitra per hari: permintaan yang sama dijawab sama, isi lain 409');

/** An answer with its real shape (contract/partner.ts), under SNAP's responseCode: HTTP status + service code + case code. */
const snapAnswer = (description: string, schema: z.ZodType = snapRefusalSchema): JsonSchema => ({
  description,
  content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
});
const REFUSALS = {
  '400': snapAnswer('Permintaan tidak sah (alasannya dalam bahasa Indonesia)'),
  '401': snapAnswer('Tanda tangan, X-TIMESTAMP atau access token tidak berlaku: tidak ada yang dikerjakan'),
};

const OPERATIONS: Array<{ method: 'get' | 'post'; path: string; operation: JsonSchema }> = [
  {
    method: 'post',
    path: '/v1.0/access-token/b2b',
    operation: {
      operationId: 'accessTokenB2b',
      security: [],
      summary: 'Access token B2B (SNAP): X-SIGNATURE = base64 SHA256withRSA(kunci privat mitra, clientKey|X-TIMESTAMP)',
      parameters: [header('X-TIMESTAMP', 'ISO-8601 dengan zona waktu'), header('X-CLIENT-KEY', 'client key mitra'), header('X-SIGNATURE', 'base64 SHA256withRSA')],
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(accessTokenRequestSchema) } } },
      responses: { '200': snapAnswer('2007300', accessTokenAnswerSchema), ...REFUSALS },
    },
  },
  {
    method: 'get',
    path: '/v1.0/products',
    operation: {
      operationId: 'listProducts',
      security: SNAP_SECURITY,
      summary: 'Produk bank hari ini: kode, nominal, instruksi, dan suku bunga tiap tenor (yang harus dikutip penempatan)',
      parameters: [...SIGNED_HEADERS, { name: 'bankCode', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '200': snapAnswer('2009000', partnerProductsAnswerSchema), ...REFUSALS, '403': snapAnswer('Mitra belum punya perjanjian dengan bank ini') },
    },
  },
  {
    method: 'post',
    path: '/v1.0/deposito/placement',
    operation: {
      operationId: 'placeDeposit',
      security: SNAP_SECURITY,
      summary: 'Penempatan deposito dengan data nasabah; menunggu persetujuan bank',
      parameters: [...SIGNED_HEADERS, EXTERNAL_ID],
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(partnerPlacementSchema) } } },
      responses: {
        '200': snapAnswer('2009100', partnerPlacementAnswerSchema),
        ...REFUSALS,
        '403': snapAnswer('Mitra belum punya perjanjian dengan bank ini'),
        '409': snapAnswer('Suku bunga bukan suku bunga bank hari ini, partnerReferenceNo sudah dipakai (4099101), atau X-EXTERNAL-ID dipakai untuk isi lain'),
      },
    },
  },
  {
    method: 'get',
    path: '/v1.0/deposito/{partnerReferenceNo}',
    operation: {
      operationId: 'getDepositStatus',
      security: SNAP_SECURITY,
      summary: 'Status penempatan: status, bilyet, periode, bunga yang sudah dibayar, dan dokumennya (pindaian bilyet, surat ARO, salinan bertanda tangan) sebagai tautan yang berlaku 15 menit',
      parameters: [...SIGNED_HEADERS, { name: 'partnerReferenceNo', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': snapAnswer('2009200', partnerStatusAnswerSchema), ...REFUSALS, '404': snapAnswer('4049201: tidak ada penempatan dengan referensi ini') },
    },
  },
  {
    method: 'post',
    path: '/v1.0/deposito/cancel',
    operation: {
      operationId: 'cancelPlacement',
      security: SNAP_SECURITY,
      summary: 'Membatalkan penempatan yang masih menunggu persetujuan bank',
      parameters: [...SIGNED_HEADERS, EXTERNAL_ID],
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(partnerCancelSchema) } } },
      responses: {
        '200': snapAnswer('2009300: status menjadi cancelled', partnerDepositChangedAnswerSchema),
        ...REFUSALS,
        '404': snapAnswer('4049301: tidak ada penempatan dengan referensi ini'),
        '409': snapAnswer('Penempatan sudah diputuskan bank, atau X-EXTERNAL-ID dipakai untuk isi lain'),
      },
    },
  },
  {
    method: 'post',
    path: '/v1.0/deposito/break-request',
    operation: {
      operationId: 'requestBreak',
      security: SNAP_SECURITY,
      summary: 'Pengajuan pencairan awal dari nasabah (breakDate hari ini bila kosong); diputuskan supervisor bank',
      parameters: [...SIGNED_HEADERS, EXTERNAL_ID],
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(partnerBreakRequestSchema) } } },
      responses: {
        '200': snapAnswer('2009400: status menjadi breakRequested', partnerDepositChangedAnswerSchema),
        ...REFUSALS,
        '404': snapAnswer('4049401: tidak ada penempatan dengan referensi ini'),
        '409': snapAnswer('Deposito tidak aktif atau sudah jatuh tempo, atau X-EXTERNAL-ID dipakai untuk isi lain'),
      },
    },
  },
  {
    method: 'post',
    path: '/v1.0/deposito/change-request',
    operation: {
      operationId: 'requestChange',
      security: SNAP_SECURITY,
      summary: 'Permintaan perubahan rekening pencairan (PAYOUT_ACCOUNT) atau instruksi jatuh tempo (INSTRUCTION); diputuskan supervisor bank',
      parameters: [...SIGNED_HEADERS, EXTERNAL_ID],
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(partnerChangeRequestSchema) } } },
      responses: {
        '200': snapAnswer('2009500: menunggu keputusan', partnerChangeRequestAnswerSchema),
        ...REFUSALS,
        '404': snapAnswer('4049501: tidak ada penempatan dengan referensi ini'),
        '409': snapAnswer('Sudah ada permintaan sejenis yang menunggu, deposito sudah selesai, atau X-EXTERNAL-ID dipakai untuk isi lain'),
      },
    },
  },
  {
    method: 'get',
    path: '/v1.0/documents/{link}',
    operation: {
      operationId: 'openDocument',
      security: [],
      summary: 'Berkas dokumen dari tautan di status deposito; tanpa header SNAP, tautannya sendiri buktinya, berlaku 15 menit',
      parameters: [{ name: 'link', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'Berkasnya (PDF, JPEG atau PNG) sebagai lampiran', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        '401': snapAnswer('4019201: tautan sudah kedaluwarsa'),
        '404': snapAnswer('4049201: tautan tidak sah'),
      },
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operation: {
      operationId: 'getOpenApiDocument',
      security: [],
      summary: 'Dokumen ini',
      responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } }, '404': snapAnswer('Tidak ditemukan') },
    },
  },
];

export function partnerOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { method, path, operation } of OPERATIONS) (paths[`${PARTNER_API_BASE}${path}`] ??= {})[method] = operation;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Berjangka — API mitra penyalur (keamanan SNAP)',
      version: '1.0',
      // Partners use it under their agreement with the platform; no open licence is granted.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        snapAccessToken: { type: 'http', scheme: 'bearer', description: 'accessToken dari POST /api-partner/v1.0/access-token/b2b, berlaku 900 detik; ditambah X-SIGNATURE atas panggilannya' },
      },
    },
  };
}

/** `METHOD /path` of each route the partner router registers, as Hono names them. */
export function partnerDocumentedRoutes(): string[] {
  return OPERATIONS.map(({ method, path }) => `${method.toUpperCase()} ${PARTNER_API_BASE}${path.replace(/\{(\w+)\}/g, ':$1')}`);
}
