/** `npm run db:migrate` and `npm run db:seed` against the configured database (DATABASE_URL or SQLite in DATA_DIR). */
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { systemClock } from '../platform/clock';
import { argon2Hasher } from '../auth/passwords';
import { demoLoginLines, seedDemoData } from '../demo/seed';
import { openFileStore } from '../core';

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('Pemakaian: tsx server/cli/db.ts migrate|seed');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length > 0 ? `Migrasi diterapkan: ${applied.join(', ')}` : 'Basis data sudah mutakhir.');
    if (command === 'seed') {
      const fileStore = await openFileStore(config, database.db);
      try {
        const { created } = await seedDemoData({ db: database.db, clock: systemClock, hasher: argon2Hasher(), passwordMaxAgeDays: config.passwordMaxAgeDays, fileStore, publicUrl: config.publicUrl });
        console.log(created.length > 0 ? `Data demo dibuat: ${created.join(', ')}` : 'Data demo sudah ada; tidak ada yang diubah.');
      } finally {
        await fileStore.close?.();
      }
      console.log(demoLoginLines().join('\n'));
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
