import { z } from 'zod';

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
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const loginRequestSchema = z.object({
  email: z.string(),
  password: z.string(),
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
