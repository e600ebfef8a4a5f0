import { z } from 'zod';
import { phoneNumber, requiredText } from './fields';
import { bankAddressFieldsSchema } from './geography';

/**
 * POST /api-v2-bpr/profile/update — multipart (or JSON without a logo). Fields not sent stay
 * as they are; `logo` is a PNG or JPEG of at most 1 MB and replaces the bank's logo (ADMIN only).
 * The bank's address (ADMIN only): `address` is the street line; provinceId … zipCode the areas
 * picked from /geography, which replace the picked address together when any is sent (province,
 * city and district required then).
 */
export const profileUpdateFieldsSchema = z.object({
  name: requiredText('Nama', 150).optional(),
  phone: phoneNumber('Nomor telepon').optional(),
  address: requiredText('Alamat bank', 500).optional(),
  ...bankAddressFieldsSchema.shape,
});

export const PROFILE_LOGO_FIELD = 'logo';
export const PROFILE_LOGO_MAX_BYTES = 1024 * 1024;

/** GET /api-v2-bpr/profile/logo: a same-origin URL the SPA can put in an <img>, or null. */
export const profileLogoDataSchema = z.object({
  url: z.string().nullable(),
});
