/**
 * `npm start`: build the SPA when dist/ is missing or stale, migrate, seed an empty database,
 * then serve the SPA and the API on PORT until SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { loadConfig } from './platform/config';
import { findUserByEmail } from './auth/user-repository';
import { startServer } from './main';
import { flushLogs } from './platform/logger';
import { demoLoginLines, DEMO_BANKS } from './demo/seed';
import { buildSpa, spaBuildIsStale, wantedBuild } from './platform/spa-build';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(rootDir, 'dist');

async function main(): Promise<void> {
  const config = loadConfig();
  if (spaBuildIsStale(rootDir, distDir, wantedBuild(config.storageKey))) {
    console.log('Membangun SPA (dist/ belum ada, lebih lama dari sumbernya, atau bukan build produksi ini)…');
    await buildSpa(rootDir, distDir, config.storageKey);
  }

  const server = await startServer({ spaDir: distDir, listenPort: config.port });
  const publicUrl = `http://localhost:${server.port}`;
  await flushLogs(server.logger); // the start-up log lines before the banner, not inside it
  console.log(`\nBerjangka berjalan di ${publicUrl} (basis data: ${server.database.dialect}, data: ${server.config.dataDir})`);
  console.log(`Dokumentasi API: ${publicUrl}/api-docs`);
  const demoAdmin = DEMO_BANKS[0]?.users[0]?.email;
  if (demoAdmin && (await findUserByEmail(server.database.db, demoAdmin))) console.log(`${demoLoginLines().join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Berjangka gagal dijalankan:', error instanceof Error ? error.message : error);
  process.exit(1);
});
