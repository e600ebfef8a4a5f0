import { z } from 'zod';
import { roleSchema, type Role } from './auth';
import { limitSchema, pageSchema } from './paging';
import { newPasswordField, printableCode, requiredEmail, requiredText } from './fields';

/** API.md "Bank, users, settings": the bank's staff (Pengguna) and each user's own password. */

export const roleLabels: Record<Role, string> = { ADMIN: 'Admin', SUPERVISOR: 'Supervisor', OPERATOR: 'Operator' };

const roleField = z.enum(roleSchema.options, { error: 'Peran harus Admin, Supervisor atau Operator.' });

/** GET /bpr/users */
export const userListQuerySchema = z.object({
  q: printableCode('Pencarian', 100).optional(),
  role: roleField.optional(),
  active: z.enum(['true', 'false'], { error: 'Status aktif harus true atau false.' }).optional(),
  page: pageSchema,
  limit: limitSchema,
});

/** POST /bpr/users: the invited user sets a password from the mailed link. */
export const inviteUserSchema = z.object({
  name: requiredText('Nama', 100),
  email: requiredEmail(),
  role: roleField,
});

/** PATCH /bpr/users/{id}: a new role, or deactivation / reactivation. */
export const updateUserSchema = z
  .object({
    role: roleField.optional(),
    active: z.boolean({ error: 'Status aktif harus true atau false.' }).optional(),
  })
  .refine((value) => value.role !== undefined || value.active !== undefined, { error: 'Kirim peran baru atau status aktif.' });

/** POST /profile/change-password: every user's own password; other sessions end. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Kata sandi saat ini wajib diisi.' }).min(1, { error: 'Kata sandi saat ini wajib diisi.' }),
  newPassword: newPasswordField('Kata sandi baru'),
});

/** A user of the bank as Pengguna lists it. */
export const staffUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  roleLabel: z.string(),
  active: z.boolean(),
  /** False until the invited user has set a password from the mailed link. */
  passwordSet: z.boolean(),
  /** The user's own row: an admin cannot deactivate themself. */
  self: z.boolean(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
