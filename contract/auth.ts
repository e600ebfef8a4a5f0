import { z } from 'zod';
import { newPasswordField, requiredEmail, requiredText } from './fields';
import { bankAddressSchema } from './geography';

export const roleSchema = z.enum(['ADMIN', 'SUPERVISOR', 'OPERATOR']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in staff member as `/profile/detail` and login return it. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  bpr: z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    /** The bank's address (street line and picked areas); optional for answers of older servers. */
    address: bankAddressSchema.optional(),
  }),
});
export type User = z.infer<typeof userSchema>;

/** Claims of the HS256 token; `exp` is in seconds. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  bprId: z.string(),
  role: roleSchema,
  jti: z.string(),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  /** The user's session version at login: a password change or deactivation raises it and ends older tokens. */
  sv: z.number().int().nonnegative().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const loginRequestSchema = z.object({
  email: requiredText('Email', 254),
  password: z.string({ error: 'Kata sandi wajib diisi.' }).min(1, { error: 'Kata sandi wajib diisi.' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** 403 `PasswordExpired` carries a single-use token for change-expired-password. */
export const passwordExpiredDataSchema = z.object({
  changePasswordToken: z.string(),
});

/** The forgot-password request identifies the kind of account; 1 is BPR staff. */
export const BPR_STAFF_USER_LEVEL = 1;

/** POST /api-v2-bpr/auth/change-expired-password, with `Authorization: Bearer <changePasswordToken>`. */
export const changeExpiredPasswordRequestSchema = z.object({
  email: requiredEmail('Email'),
  newPassword: newPasswordField('Kata sandi baru'),
});

/** POST /api-v2/auth/send-forgot-password: always answered 200, whether the account exists or not. */
export const sendForgotPasswordRequestSchema = z.object({
  email: requiredEmail('Email'),
  userLevel: z.coerce
    .number({ error: 'Jenis pengguna wajib diisi.' })
    .refine((level) => level === BPR_STAFF_USER_LEVEL, { error: 'Jenis pengguna tidak dikenal.' }),
});

/** POST /api-v2/auth/forgot-password: the token from the mailed link, single use within 30 minutes. */
export const forgotPasswordRequestSchema = z.object({
  password: newPasswordField('Kata sandi'),
  tokenForgotPassword: requiredText('Token atur ulang kata sandi', 200),
});

/** POST /api-v2-bpr/bpr/users/{id}/unlock (ADMIN): how many throttle records of the user were lifted. */
export const unlockLoginResultSchema = z.object({ cleared: z.number().int().nonnegative() });

/** GET {base}/auth/session on every base: the claims of the token the base accepted. */
export const sessionDataSchema = z.object({
  userId: z.string(),
  bprId: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;
