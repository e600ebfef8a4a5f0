/**
 * `npm run dev`: the API on API_PORT (default 3001) and Vite's dev server with hot reload on PORT
 * (default 3000); vite.config.ts proxies the API bases and /api-docs to the API.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config';
import { startServer } from './main';
import { demoLoginLines } from './demo/seed';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const apiPort = Number(process.env.API_PORT ?? 3001);
  // vite.config.ts reads API_PORT when it loads, to point its proxy at us.
  process.env.API_PORT = String(apiPort);

  const api = await startServer({ listenPort: apiPort, hostname: '127.0.0.1' });
  const { createServer } = await import('vite');
  const vite = await createServer({ root: rootDir, server: { port: config.port, strictPort: true } });
  await vite.listen();
  vite.printUrls();
  console.log(`API: ${api.url} (basis data: ${api.database.dialect})`);
  console.log(`${demoLoginLines().join('\n')}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await vite.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('Mode pengembangan gagal dijalankan:', error instanceof Error ? error.message : error);
  process.exit(1);
});
