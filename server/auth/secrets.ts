import { createHash, randomBytes } from 'node:crypto';
import { resolveStoredSecret } from '../platform/stored-secret';

/** A random opaque token for a link or a header, and the SHA-256 hash that is all we keep of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const JWT_SECRET_FILE = 'jwt-secret';

/** JWT_SECRET when set; otherwise a secret generated on first start and kept (mode 600) in dataDir. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveStoredSecret(configured, dataDir, JWT_SECRET_FILE);
}
