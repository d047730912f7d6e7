import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Identity document numbers at rest: AES-256-GCM with the shop's IDENTITY_KEY, a fresh 12-byte
 * IV per value. Sealed as `v1:<iv>:<tag>:<ciphertext>` (base64url), so the database alone
 * reads nothing and a changed byte fails to open.
 */
const VERSION = 'v1';

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** The plain text; throws when the key is another or the value was changed. */
export function open(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The masked display: the last 4 characters kept (`****1234`). */
export function hintOf(plain: string): string {
  return plain.replace(/\s/g, '').slice(-4);
}
