import { z } from 'zod';
import { bilyetEventTypeSchema, bilyetStatusSchema, isoDateSchema, shipmentStatusSchema, signatureStatusSchema } from './deposit';
import { optionalText, printableCode, requiredCode, requiredText } from './fields';

/** API.md "Documents, signature, courier": the bilyet's journey, documents, signatures, JNE. */

export const documentTypeSchema = z.enum(
  ['BILYET_SCAN', 'BILYET_RECEIPT', 'BILYET_RETURN', 'BILYET_LOSS_STATEMENT', 'ARO_LETTER', 'SIGNED_FORM', 'RESI_LABEL', 'DISBURSEMENT_PROOF', 'KTP', 'NPWP', 'DEED', 'FORM', 'POWER_OF_ATTORNEY', 'OTHER'],
  { error: 'Jenis dokumen tidak dikenal.' },
);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentTypeLabels: Record<DocumentType, string> = {
  BILYET_SCAN: 'Pindaian Bilyet',
  BILYET_RECEIPT: 'Tanda Terima Bilyet',
  BILYET_RETURN: 'Bukti Pengembalian Bilyet',
  BILYET_LOSS_STATEMENT: 'Surat Keterangan Kehilangan Bilyet',
  ARO_LETTER: 'Surat ARO',
  SIGNED_FORM: 'Dokumen Bertanda Tangan',
  RESI_LABEL: 'Label Resi',
  DISBURSEMENT_PROOF: 'Bukti Transfer Pencairan',
  KTP: 'KTP',
  NPWP: 'NPWP',
  DEED: 'Akta Pendirian',
  FORM: 'Formulir Pembukaan',
  POWER_OF_ATTORNEY: 'Surat Kuasa',
  OTHER: 'Lainnya',
};

/**
 * What staff upload through POST /deposito/upload-doc. The bilyet's own files go through its
 * endpoints (upload, receive, return, lost), and ARO letters, signed copies and labels are made by
 * Berjangka, so a hand upload can never pass for one of them.
 */
export const uploadableDocumentTypes = ['FORM', 'KTP', 'NPWP', 'DEED', 'POWER_OF_ATTORNEY', 'OTHER'] as const satisfies readonly DocumentType[];
/** Of those, the ones about the customer rather than one deposit (an entity's deed of establishment among them). */
export const customerDocumentTypes = ['KTP', 'NPWP', 'DEED', 'OTHER'] as const satisfies readonly DocumentType[];

export const DOCUMENT_FILE_FIELD = 'file';
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

const id = (label: string) => z.string({ error: `${label} wajib diisi.` }).trim().min(1, { error: `${label} wajib diisi.` }).max(100, { error: `${label} tidak valid.` });
const depositId = id('Deposito');

const bilyetNumberSchema = requiredCode('Nomor bilyet', 50);

export const uploadBilyetFieldsSchema = z.object({ depositId, bilyetNumber: bilyetNumberSchema });
export const resiBilyetFieldsSchema = z.object({ depositId, courier: requiredText('Kurir', 50), awb: requiredCode('Nomor resi', 40) });
export const receiveBilyetFieldsSchema = z.object({ depositId, receivedAt: isoDateSchema, receivedBy: requiredText('Nama penerima', 100) });
export const returnBilyetFieldsSchema = z.object({ depositId, returnedAt: isoDateSchema });
export const lostBilyetFieldsSchema = z.object({ depositId, reason: requiredText('Alasan', 500) });
/** POST /deposito/unship-bilyet: the bilyet is back at the bank undelivered (a failed JNE delivery, a wrong resi). */
export const unshipBilyetFieldsSchema = z.object({ depositId });

export const uploadDocFieldsSchema = z
  .object({
    depositId: id('Deposito').optional(),
    customerId: id('Nasabah').optional(),
    type: z.enum(uploadableDocumentTypes, { error: 'Jenis dokumen harus Formulir Pembukaan, KTP, NPWP, Akta Pendirian, Surat Kuasa atau Lainnya.' }),
  })
  .refine((fields) => (fields.depositId === undefined) !== (fields.customerId === undefined), { error: 'Isi salah satu: deposito atau nasabah.' });

export const depositIdQuerySchema = z.object({ depositId });
export const customerIdQuerySchema = z.object({ customerId: id('Nasabah') });

/**
 * The sizes a bank's pre-printed bilyet form may have (millimetres), landscape (width ≥ height):
 * below them the smallest text would fall under 5 pt, and a portrait form needs another layout.
 */
export const BILYET_FORM_LIMITS = { minWidthMm: 180, minHeightMm: 90, maxWidthMm: 420, maxHeightMm: 297 } as const;
const formSide = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} formulir harus berupa angka (mm).` })
    .int({ error: `${label} formulir harus bilangan bulat (mm).` })
    .min(min, { error: `${label} formulir minimal ${min} mm.` })
    .max(max, { error: `${label} formulir paling besar ${max} mm.` })
    .optional();

/** GET /deposito/bilyet/print: A4, or the bank's pre-printed form when both sides are given. */
export const bilyetPrintQuerySchema = z
  .object({
    depositId,
    widthMm: formSide('Lebar', BILYET_FORM_LIMITS.minWidthMm, BILYET_FORM_LIMITS.maxWidthMm),
    heightMm: formSide('Tinggi', BILYET_FORM_LIMITS.minHeightMm, BILYET_FORM_LIMITS.maxHeightMm),
    /**
     * The number pre-printed on the bank's form (numbering `FORM`); with numbering `SERIES`
     * Berjangka takes the next number of the bank's series and this stays empty.
     */
    bilyetNumber: bilyetNumberSchema.optional(),
  })
  .refine((query) => (query.widthMm === undefined) === (query.heightMm === undefined), { error: 'Isi lebar dan tinggi formulir bilyet, atau keduanya kosong untuk A4.' })
  .refine((query) => query.widthMm === undefined || query.heightMm === undefined || query.widthMm >= query.heightMm, {
    error: 'Formulir bilyet harus mendatar: lebarnya tidak boleh lebih kecil dari tingginya.',
  });

export const signDocumentFieldsSchema = z.object({ depositId, documentId: id('Dokumen') });

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const createPickupFieldsSchema = z.object({
  depositId,
  pickupDate: isoDateSchema,
  pickupTime: z.string({ error: 'Jam penjemputan wajib diisi.' }).regex(HH_MM, { error: 'Jam penjemputan harus berformat JJ:MM, contoh 14:00.' }),
  /** Where the courier picks up; the bank's address when empty. */
  address: optionalText('Alamat penjemputan', 300),
});
export const shipmentIdSchema = z.object({ shipmentId: id('Pengiriman') });
export const trackingQuerySchema = z.object({ awb: printableCode('Nomor resi', 40).refine((value) => value.length > 0, { error: 'Nomor resi wajib diisi.' }) });

export const documentSchema = z.object({
  id: z.string(),
  type: documentTypeSchema,
  typeLabel: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }),
  /** Bank-scoped download path, served as an attachment with the stored media type. */
  url: z.string(),
});
export type DocumentAnswer = z.infer<typeof documentSchema>;

const shipmentEventSchema = z.object({ at: z.string(), code: z.string(), description: z.string(), location: z.string().nullable() });
export const shipmentSchema = z.object({
  id: z.string(),
  courier: z.string(),
  awb: z.string(),
  status: shipmentStatusSchema,
  statusLabel: z.string(),
  /** Booked through the courier's API: it can be cancelled before pickup, tracked and labelled. */
  booked: z.boolean(),
  pickupDate: z.string().nullable(),
  pickupTime: z.string().nullable(),
  receiverName: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  trackedAt: z.string().nullable(),
  history: z.array(shipmentEventSchema),
});
export type ShipmentAnswer = z.infer<typeof shipmentSchema>;

/** The deposit detail's `bilyet` (API.md): its track, verification code, documents and what this user may do next. */
export const bilyetDetailSchema = z.object({
  status: bilyetStatusSchema,
  statusLabel: z.string(),
  number: z.string().nullable(),
  /**
   * The number of the paper printed for the next issue (a first issue, or a reissue after a loss)
   * while its signed scan is not uploaded yet; its QR already verifies as printed, awaiting issue.
   */
  printedNumber: z.string().nullable(),
  /** Null until the bilyet is first printed. */
  verificationCode: z.string().nullable(),
  documents: z.array(documentSchema),
  allowedEvents: z.array(bilyetEventTypeSchema),
  issuedOn: z.string().nullable(),
  /** The courier and resi it left with (a JNE booking, or typed by staff). */
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  shippedOn: z.string().nullable(),
  receivedAt: z.string().nullable(),
  receivedBy: z.string().nullable(),
  handedOverAtCounter: z.boolean(),
  returnedAt: z.string().nullable(),
  lostOn: z.string().nullable(),
  lostReason: z.string().nullable(),
});

/** POST /jne/create-pickup's answer (API.md): 201. */
export const pickupBookedSchema = z.object({ shipmentId: z.string(), awb: z.string(), status: z.literal('requested') });

/** POST /deposito/sign-document's answer (API.md): 201. */
export const signatureSentSchema = z.object({ signatureId: z.string(), signingUrl: z.string(), status: z.literal('sent') });

/** GET /deposito/signature: one request with the document sent and, once signed, the signed copy. */
export const signatureRequestSchema = z.object({
  id: z.string(),
  depositId: z.string(),
  status: signatureStatusSchema,
  statusLabel: z.string(),
  signerName: z.string(),
  signerEmail: z.string().nullable(),
  sentOn: z.string(),
  /** The last day the signer can sign. */
  validUntil: z.string(),
  completedAt: z.string().nullable(),
  /** Where the signer signs; null once the request has ended. */
  signingUrl: z.string().nullable(),
  document: documentSchema.nullable(),
  signedDocument: documentSchema.nullable(),
});
export type SignatureRequestAnswer = z.infer<typeof signatureRequestSchema>;
