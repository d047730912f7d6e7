/**
 * What keeps this page from using passkeys (ADR 0103), or null when nothing does: the browser
 * without WebAuthn, or the page's address, an IP address, which WebAuthn refuses (a server
 * reached at 127.0.0.1 is opened at `localhost` for passkeys). The sign-in page's button and the
 * passkeys page ask it; the server may still refuse an address (`passkeysUnavailable`).
 */
export function passkeyObstacle(): 'browser' | 'address' | null {
  if (typeof window.PublicKeyCredential !== 'function') return 'browser';
  return /^[\d.]+$|:/.test(location.hostname) ? 'address' : null;
}
