import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 29 item 13: a waiting outbox entry opens in its form. While the form has it, nothing
 * sends it; saving it again replaces it (one entry, sent once); leaving without saving leaves it
 * waiting, its photos whole. Each test is a fresh page load over empty storage.
 */

const USER = { id: 7, name: 'Recorder', is_tmp: 0 };
const PHOTO = 'local:photo-1';
const ADDED = 'local:photo-2';

function entry(key: string, photos: string[] = []) {
  return {
    key,
    route: 'inquiryCreate' as const,
    body: { idempotency_key: key, product_name: 'Kelly 28', photos },
    form: { product_name: 'Kelly 28', photos },
    title: 'Kelly 28',
    items: 1,
    refresh: [],
  };
}

/** What the server was sent, and a way to answer the calls still open. */
function stubServer() {
  const sent: { body: Record<string, unknown>; answer: () => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          sent.push({
            body: JSON.parse(String(init.body)),
            answer: () => resolve(Response.json({ code: 0, msg: '', data: { id: sent.length } })),
          });
        }),
    ),
  );
  return sent;
}

async function pageLoad() {
  vi.resetModules();
  const toasts: string[] = [];
  vi.doMock('./toast.ts', () => ({ toast: (text: string) => toasts.push(text), successToast: () => {} }));
  await import('../test/render.tsx'); // the English texts
  const { useAuthStore } = await import('../stores/auth-store.ts');
  const { useNetworkStore } = await import('../stores/network-store.ts');
  useAuthStore.getState().signIn({ token: 't', refresh_token: 'r', user: USER } as never);
  // Offline while entries are queued: nothing goes out until the test says so.
  useNetworkStore.setState({ online: false });
  const outbox = await import('./outbox.ts');
  const store = await import('./outbox-store.ts');
  const uploads = await import('./photos/photo-uploads.ts');
  /** Queued offline, the outbox tried and stopped: it has nothing under way. */
  const offlineTry = () => outbox.sendOutbox();
  /** The network returns (the network store's subscription sends what waits). */
  const online = () => useNetworkStore.setState({ online: true });
  /** Photos already up: their stored paths are known, so an entry waits for none. */
  const uploaded = (...entries: string[]) =>
    uploads.usePhotoUploads.setState({
      urls: Object.fromEntries(entries.map((photo) => [uploads.localId(photo), `/api/files/${photo.slice(6)}.jpg`])),
    });
  return { ...outbox, ...store, ...uploads, offlineTry, online, uploaded, toasts };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.doUnmock('./toast.ts');
});

describe('a waiting entry open in its form', () => {
  it('is not sent while the form has it, and goes out once the form lets it go unsaved', async () => {
    const sent = stubServer();
    const page = await pageLoad();
    page.queue(entry('k1'));
    page.queue(entry('k2'));
    expect(page.holdEntry('k1')).toBe(true);
    await page.offlineTry();
    page.online();
    // The other entry goes; the held one does not.
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.idempotency_key).toBe('k2');
    sent[0]?.answer();
    await vi.waitFor(() => expect(page.findEntry('k2')).toBeUndefined());
    await page.sendOutbox();
    expect(sent).toHaveLength(1);

    // The recorder leaves the form without saving: it waits as it was, and goes out.
    page.releaseEntry('k1');
    expect(page.findEntry('k1')?.body).toEqual(entry('k1').body);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.idempotency_key).toBe('k1');
  });

  it('saved again, replaces itself under its own key and is sent once', async () => {
    const sent = stubServer();
    const page = await pageLoad();
    page.queue(entry('k1'));
    expect(page.holdEntry('k1')).toBe(true);
    page.queue({ ...entry('k1'), body: { idempotency_key: 'k1', product_name: 'Kelly 32', photos: [] } });
    expect(page.useOutbox.getState().entries.map((queued) => queued.key)).toEqual(['k1']);
    expect(page.useOutbox.getState().editing).toBeNull();
    await page.offlineTry();
    page.online();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ idempotency_key: 'k1', product_name: 'Kelly 32' });
    sent[0]?.answer();
    await vi.waitFor(() => expect(page.useOutbox.getState().entries).toEqual([]));
    expect(sent).toHaveLength(1);
  });

  it('is not opened when it is on its way already, and says so', async () => {
    const sent = stubServer();
    const page = await pageLoad();
    page.queue(entry('k1'));
    await page.offlineTry();
    page.online();
    await vi.waitFor(() => expect(page.useOutbox.getState().sending).toBe('k1'));
    expect(page.holdEntry('k1')).toBe(false);
    expect(page.useOutbox.getState().editing).toBeNull();
    expect(page.toasts).toEqual(['It is being sent already: the server answers it.']);
    sent[0]?.answer();
    await vi.waitFor(() => expect(page.useOutbox.getState().entries).toEqual([]));
  });

  it('keeps the photos the form drops until it is saved, then lets them go', async () => {
    stubServer();
    const page = await pageLoad();
    page.uploaded(PHOTO, ADDED);
    page.queue(entry('k1', [PHOTO]));
    page.holdEntry('k1');
    // The form removes the photo and takes another: the queued entry still has its photo.
    page.forgetEntries([PHOTO]);
    expect(page.entryStatus(PHOTO).state).toBe('done');
    // Saved with the new photo only: the dropped one leaves the phone.
    page.queue(entry('k1', [ADDED]));
    expect(page.entryStatus(PHOTO).state).not.toBe('done');
    expect(page.entryStatus(ADDED).state).toBe('done');
  });
});
