/**
 * `npm start`: build the SPA when dist/ is missing or stale, migrate, seed an empty database (the
 * demo), then serve the SPA and the API on PORT until SIGINT/SIGTERM. NODE_ENV=production seeds
 * nothing, mounts no sandbox and prints no logins (server/platform/config.ts, README "Production").
 */
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './platform/config';
import { DEMO_BANNER } from '../contract/run-mode';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(rootDir, 'dist');

async function main(): Promise<void> {
  // First, and before the server's modules load (seconds): a missing setting is said at once.
  const config = loadConfig();
  const { findUserByEmail } = await import('./auth/user-repository');
  const { startServer } = await import('./main');
  const { flushLogs } = await import('./platform/logger');
  const { demoLoginLines, DEMO_BANKS } = await import('./demo/seed');
  const { DEMO_PARTNER_FILE } = await import('./demo/demo-partner');
  const { buildSpa, spaBuildIsStale, wantedBuild } = await import('./platform/spa-build');
  if (spaBuildIsStale(rootDir, distDir, wantedBuild(config.storageKey))) {
    console.log('Membangun SPA (dist/ belum ada, lebih lama dari sumbernya, atau bukan build produksi ini)…');
    await buildSpa(rootDir, distDir, config.storageKey);
  }

  const server = await startServer({ spaDir: distDir, listenPort: config.port });
  const publicUrl = `http://localhost:${server.port}`;
  await flushLogs(server.logger); // the start-up log lines before the banner, not inside it
  console.log(`\nBerjangka berjalan di ${publicUrl} (basis data: ${server.database.dialect}, data: ${server.config.dataDir})`);
  console.log(`Dokumentasi API: ${publicUrl}/api-docs`);
  if (server.config.mode === 'production') {
    console.log(`Mode produksi: tanpa data demo dan tanpa sandbox (alamat publik: ${server.config.publicUrl}).\n`);
  } else {
    server.logger.warn({ mode: 'demo' }, DEMO_BANNER);
    await flushLogs(server.logger);
    console.log(`\n*** ${DEMO_BANNER} ***\nJalankan dengan NODE_ENV=production untuk data sungguhan (README "Production").`);
    const demoAdmin = DEMO_BANKS[0]?.users[0]?.email;
    if (demoAdmin && (await findUserByEmail(server.database.db, demoAdmin))) console.log(`${demoLoginLines().join('\n')}\n`);
    const partnerFile = join(server.config.dataDir, DEMO_PARTNER_FILE);
    if (existsSync(partnerFile)) console.log(`API mitra (README "The partner API"): mitra demo DEMO-MITRA, kunci dan rahasianya di ${partnerFile}\n`);
  }

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
