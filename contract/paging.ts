import { z } from 'zod';

/** Page and page size of every list (query-string text, coerced). */
export const pageSchema = z.coerce
  .number({ error: 'Halaman harus berupa angka.' })
  .int({ error: 'Halaman harus bilangan bulat.' })
  .min(1, { error: 'Halaman dimulai dari 1.' })
  .default(1);
export const limitSchema = z.coerce
  .number({ error: 'Jumlah per halaman harus berupa angka.' })
  .int({ error: 'Jumlah per halaman harus bilangan bulat.' })
  .min(1, { error: 'Jumlah per halaman minimal 1.' })
  .max(100, { error: 'Jumlah per halaman paling banyak 100.' })
  .default(20);
