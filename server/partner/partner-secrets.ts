import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The partners' secrets at rest. The client secret (SNAP's HMAC key) and the notification signing
 * secret must be had back in full to sign and to check, so they cannot be hashed: they are sealed
 * with AES-256-GCM under a key derived (HKDF-SHA256) from the installation's token secret
 * (JWT_SECRET), which production already requires and several instances already share. A copy of
 * the database alone opens none of them; a changed JWT_SECRET needs the partners' secrets rotated.
 */

const VERSION = 'v1';

export type SealingKey = Buffer & { readonly sealingKey: unique symbol };

export function partnerSealingKey(installationSecret: string): SealingKey {
  return Buffer.from(hkdfSync('sha256', installationSecret, 'berjangka', 'partner secrets v1', 32)) as SealingKey;
}

/** `v1.<iv>.<ciphertext and tag>`, base64url; another text every time. */
export function sealSecret(key: SealingKey, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret a sealed text holds; throws when it was sealed under another key or altered. */
export function openSecret(key: SealingKey, sealed: string): string {
  const [version, iv, body] = sealed.split('.');
  if (version !== VERSION || !iv || !body) throw new Error('partner secret: not a sealed secret');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * Opens each sealed secret once and keeps what `use` makes of it (the last `limit`): AES-256-GCM
 * on every call cost more than the rest of a signature check. A rotation seals the new secret
 * under a new text, so a kept entry is never stale: the partner's row, read at each use, says
 * which text is in force.
 */
export function secretOpener<T>(key: SealingKey, use: (secret: string, sealed: string) => T, limit = 256): (sealed: string) => T {
  const opened = new Map<string, T>();
  return (sealed) => {
    if (opened.has(sealed)) return opened.get(sealed)!;
    const made = use(openSecret(key, sealed), sealed);
    if (opened.size >= limit) opened.delete(opened.keys().next().value!);
    opened.set(sealed, made);
    return made;
  };
}
