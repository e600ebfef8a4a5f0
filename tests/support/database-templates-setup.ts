import { pgTemplate, sqliteTemplate } from './database-template';

/**
 * Vitest global setup of the node project: builds the migrated templates once, before any test
 * file runs (where a cold build would count against the first hook's timeout), when they are
 * missing for the current migrations; otherwise it only finds them.
 */
export default async function buildDatabaseTemplates(): Promise<void> {
  await sqliteTemplate();
  if (process.env.TEST_DATABASE_URL) await pgTemplate();
}
