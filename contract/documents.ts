import { z } from 'zod';
import { isoDateSchema } from './deposit';
import { optionalText, printableCode, requiredCode, requiredText } from './fields';

/** API.md "Documents, signature, courier": the bilyet's journey, documents, signatures, JNE. */

export const documentTypeSchema = z.enum(
  ['BILYET_SCAN', 'BILYET_RECEIPT', 'BILYET_RETURN', 'BILYET_LOSS_STATEMENT', 'ARO_LETTER', 'SIGNED_FORM', 'RESI_LABEL', 'DISBURSEMENT_PROOF', 'KTP', 'NPWP', 'FORM', 'POWER_OF_ATTORNEY', 'OTHER'],
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
  FORM: 'Formulir Pembukaan',
  POWER_OF_ATTORNEY: 'Surat Kuasa',
  OTHER: 'Lainnya',
};

/**
 * What staff upload through POST /deposito/upload-doc. The bilyet's own files go through its
 * endpoints (upload, receive, return, lost), and ARO letters, signed copies and labels are made by
 * Berjangka, so a hand upload can never pass for one of them.
 */
export const uploadableDocumentTypes = ['FORM', 'KTP', 'NPWP', 'POWER_OF_ATTORNEY', 'OTHER'] as const satisfies readonly DocumentType[];
/** Of those, the ones about the customer rather than one deposit. */
export const customerDocumentTypes = ['KTP', 'NPWP', 'OTHER'] as const satisfies readonly DocumentType[];

export const DOCUMENT_FILE_FIELD = 'file';
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

const id = (label: string) => z.string({ error: `${label} wajib diisi.` }).trim().min(1, { error: `${label} wajib diisi.` }).max(100, { error: `${label} tidak valid.` });
const depositId = id('Deposito');

export const bilyetNumberSchema = requiredCode('Nomor bilyet', 50);

export const uploadBilyetFieldsSchema = z.object({ depositId, bilyetNumber: bilyetNumberSchema });
export const resiBilyetFieldsSchema = z.object({ depositId, courier: requiredText('Kurir', 50), awb: requiredCode('Nomor resi', 40) });
export const receiveBilyetFieldsSchema = z.object({ depositId, receivedAt: isoDateSchema, receivedBy: requiredText('Nama penerima', 100) });
export const returnBilyetFieldsSchema = z.object({ depositId, returnedAt: isoDateSchema });
export const lostBilyetFieldsSchema = z.object({ depositId, reason: requiredText('Alasan', 500) });

export const uploadDocFieldsSchema = z
  .object({
    depositId: id('Deposito').optional(),
    customerId: id('Nasabah').optional(),
    type: z.enum(uploadableDocumentTypes, { error: 'Jenis dokumen harus Formulir Pembukaan, KTP, NPWP, Surat Kuasa atau Lainnya.' }),
  })
  .refine((fields) => (fields.depositId === undefined) !== (fields.customerId === undefined), { error: 'Isi salah satu: deposito atau nasabah.' });

export const depositIdQuerySchema = z.object({ depositId });
export const customerIdQuerySchema = z.object({ customerId: id('Nasabah') });

/** GET /deposito/bilyet/print: `form=bank` prints on the bank's pre-printed form size (a setting). */
export const bilyetPrintQuerySchema = z.object({
  depositId,
  form: z.enum(['A4', 'bank'], { error: 'Ukuran cetak harus A4 atau bank.' }).default('A4'),
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

export interface DocumentAnswer {
  id: string;
  type: DocumentType;
  typeLabel: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  uploadedBy: { id: string; name: string };
  url: string;
}
