import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PrivateImage, PrivateUploadKind } from '@jewel/contract/upload';

/**
 * Identity document photos and signatures are private uploads: stored under `p-<hex>` names
 * that `/api/files/` refuses, and read only through links signed with the server's secret that
 * expire within minutes (an `<img>` cannot send the bearer token). Whoever hands out a link
 * records the view first (domain/identity-views.ts). docs/decisions.md "Buying lawfully".
 */
export const PRIVATE_LINK_SECONDS = 5 * 60;

export function newPrivateNames(ext: string): { name: string; thumbName: string } {
  const base = `p-${randomBytes(16).toString('hex')}`;
  return { name: `${base}.${ext}`, thumbName: `${base}-thumb.${ext}` };
}

const thumbOf = (name: string) => name.replace(/\.(\w+)$/, '-thumb.$1');

function signature(secret: string, name: string, exp: number): string {
  return createHmac('sha256', secret).update(`private-file:${name}:${exp}`).digest('base64url');
}

/** `/api/private-files/<name>?exp=…&sig=…`, valid for PRIVATE_LINK_SECONDS from `now`. */
export function signedPrivateUrl(secret: string, name: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + PRIVATE_LINK_SECONDS;
  return `/api/private-files/${name}?exp=${exp}&sig=${signature(secret, name, exp)}`;
}

/** True when the link was signed here for this name and has not expired. */
export function verifyPrivateLink(secret: string, name: string, exp: number, sig: string, now = Date.now()): boolean {
  if (exp * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, name, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A private upload as the web app reads it: the name to send back, and signed links to show it. */
export function privateImage(secret: string, name: string, kind: PrivateUploadKind, now = Date.now()): PrivateImage {
  return {
    name,
    kind,
    url: signedPrivateUrl(secret, name, now),
    thumb_url: signedPrivateUrl(secret, thumbOf(name), now),
  };
}
