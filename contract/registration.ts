import { z } from 'zod';
import { phoneNumber, requiredEmail, requiredText } from './fields';
import { bankAddressFieldsSchema } from './geography';

/**
 * POST /api-v2-bpr/auth/registration — multipart form. The client sends only filled fields;
 * `documents` repeats once per file (PDF, JPEG or PNG, at most 5 MB each). `address` is the
 * street line; provinceId … zipCode the areas picked from /geography (optional for older
 * clients; when sent, province, city and district must be).
 */
export const registrationFieldsSchema = z.object({
  bankName: requiredText('Nama bank', 150),
  ojkLicenseNumber: requiredText('Nomor izin OJK', 100),
  npwp: requiredText('NPWP', 25).refine((value) => /^[0-9]{15,16}$/.test(value.replace(/[.\s-]/g, '')), {
    error: 'NPWP harus terdiri dari 15 atau 16 angka.',
  }),
  address: requiredText('Alamat', 500),
  contactName: requiredText('Nama kontak', 150),
  email: requiredEmail('Email'),
  phone: phoneNumber('Nomor telepon'),
  ...bankAddressFieldsSchema.shape,
});
export type RegistrationFields = z.input<typeof registrationFieldsSchema>;

export const REGISTRATION_DOCUMENT_FIELD = 'documents';
export const REGISTRATION_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const REGISTRATION_DOCUMENT_MAX_COUNT = 10;
export const REGISTRATION_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const registrationStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);

/** 201 answer: the registration waits for review. */
export const registrationCreatedSchema = z.object({
  id: z.string(),
  status: registrationStatusSchema,
  documentCount: z.number().int(),
});
