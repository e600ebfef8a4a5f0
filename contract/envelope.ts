import { z } from 'zod';

export const listMetaSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(100),
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** Success: `{ statusCode, message: "OK", data }`; lists add `meta`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    message: z.string(),
    data,
    meta: listMetaSchema.optional(),
  });
}

/** Error: `message` is one sentence, or one Indonesian sentence per invalid field. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
  data: z.unknown().optional(),
});
