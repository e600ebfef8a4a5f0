import { z } from 'zod';

/** GET /api-v2-general/settings: what any signed-in screen may need to know about the installation and the bank's calendar. */
export const publicSettingsSchema = z.object({
  /** The product id named in the host window messages (LoggedIn{productId}). */
  productId: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string().nullable(),
  /** The signed-in user's bank's holidays, ascending. */
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
