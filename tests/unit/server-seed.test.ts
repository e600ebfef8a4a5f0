import { mkdtempSync, rmSync, statSync, utimesSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/database';
import { sqliteDataDirFromTemplate } from '../support/database-template';
import { findUserByEmail } from '../../server/auth/user-repository';
import { argon2Hasher } from '../../server/auth/passwords';
import { resolveJwtSecret } from '../../server/auth/secrets';
import { DEMO_BANKS, seedDemoData } from '../../server/demo/seed';
import { BUILD_RECORD_FILE, spaBuildIsStale, wantedBuild } from '../../server/platform/spa-build';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'berjangka-unit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('creates both banks, their five users and their products once; a second run changes nothing', async () => {
    // A migrated database (a copy of the suite's template).
    const dataDir = await sqliteDataDirFromTemplate('berjangka-unit-');
    dirs.push(dataDir);
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const now = new Date('2026-05-01T00:00:00Z');
      const deps = { db: database.db, clock: { now: () => now }, hasher: argon2Hasher({ memoryCost: 256, timeCost: 1, parallelism: 1 }), passwordMaxAgeDays: 90 };
      const first = await seedDemoData({ ...deps, demoDeposits: false });
      expect(first.created.filter((entry) => !entry.includes(': '))).toEqual([
        'BPR Demo Sejahtera',
        'admin@bpr-demo.test',
        'supervisor@bpr-demo.test',
        'operator@bpr-demo.test',
        'kedaluwarsa@bpr-demo.test',
        'BPR Lain Makmur',
        'admin@bpr-lain.test',
      ]);
      // Each bank gets the demo products, named after their bank.
      expect(first.created.filter((entry) => entry.startsWith('BPR Demo Sejahtera: ')).length).toBeGreaterThan(0);
      expect(first.created.filter((entry) => entry.startsWith('BPR Lain Makmur: ')).length).toBeGreaterThan(0);
      expect((await seedDemoData({ ...deps, demoDeposits: false })).created).toEqual([]);
      expect(DEMO_BANKS.flatMap((bank) => bank.users.map((user) => user.email))).toEqual([
        'admin@bpr-demo.test',
        'supervisor@bpr-demo.test',
        'operator@bpr-demo.test',
        'kedaluwarsa@bpr-demo.test',
        'admin@bpr-lain.test',
      ]);
      const expired = await findUserByEmail(database.db, 'kedaluwarsa@bpr-demo.test');
      expect(expired?.password_changed_at).toBe('2026-01-30T00:00:00.000Z'); // 91 days before
    } finally {
      await database.close();
    }
  });
});

describe('JWT secret', () => {
  it('is generated once into DATA_DIR (mode 600) and reused; JWT_SECRET wins', () => {
    const dir = tempDir();
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret('configured-secret', dir)).toBe('configured-secret');
  });
});

describe('SPA build freshness', () => {
  const production = wantedBuild(undefined);
  const record = (root: string, value: object) => writeFileSync(join(root, 'dist', BUILD_RECORD_FILE), JSON.stringify(value));

  /** A root with a source from a minute ago and a production build of now. */
  function builtRoot(): string {
    const root = tempDir();
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/main.tsx'), '');
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '');
    record(root, production);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'src/main.tsx'), past, past);
    utimesSync(join(root, 'src'), past, past);
    return root;
  }

  it('is stale without dist/index.html or when a source is newer', () => {
    const root = builtRoot();
    expect(spaBuildIsStale(root, join(root, 'dist'), production)).toBe(false);
    const empty = tempDir();
    expect(spaBuildIsStale(empty, join(empty, 'dist'), production)).toBe(true);
    writeFileSync(join(root, 'index.html'), '');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'index.html'), future, future);
    expect(spaBuildIsStale(root, join(root, 'dist'), production)).toBe(true);
  });

  it('is stale when dist/ was not made by buildSpa, was a development build, or has another storage key built in', () => {
    const root = builtRoot();
    const dist = join(root, 'dist');
    rmSync(join(dist, BUILD_RECORD_FILE));
    expect(spaBuildIsStale(root, dist, production)).toBe(true);
    record(root, { nodeEnv: 'test', storageKey: '' });
    expect(spaBuildIsStale(root, dist, production)).toBe(true);
    record(root, wantedBuild('kunci-lain'));
    expect(spaBuildIsStale(root, dist, production)).toBe(true);
    expect(spaBuildIsStale(root, dist, wantedBuild('kunci-lain'))).toBe(false);
    writeFileSync(join(dist, BUILD_RECORD_FILE), 'bukan json');
    expect(spaBuildIsStale(root, dist, production)).toBe(true);
  });
});
