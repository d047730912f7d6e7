/**
 * Debian's Chromium (`apt-get install chromium`), headless, as the journeys and bench:web launch
 * it: Playwright's own browser download cannot work here.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A recent Chrome on Android, in the reduced form Chrome sends since 2023. */
export const ANDROID_CHROME_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** The phone the journeys and bench:web look through. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The phone as a browser context: its screen, touch and user agent (the language is each caller's). */
export const PHONE = {
  viewport: PHONE_VIEWPORT,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: ANDROID_CHROME_UA,
};
