import type { PrivateUploadKind } from '@jewel/contract/upload';
import type { PhotoFlag } from '@jewel/contract/values/commodity';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useNetworkStore } from '../../stores/network-store.ts';
import { uploadImage, uploadPrivate } from '../api-client.ts';
import { uuid } from '../uuid.ts';
import { deletePhoto, getPhoto, listPhotoIds, putPhoto } from './photo-blobs.ts';
import { thumbOf } from './photo-paths.ts';
import { compressPhoto } from './prepare-photo.ts';

/**
 * Photos on their way to the server. A form field holds entries: a stored photo's path
 * (`/api/files/…`) or `local:<id>` for one picked on this device. The picked file waits in
 * IndexedDB until it is uploaded; the uploaded path of each local id is remembered here (in
 * localStorage), so a draft reloaded after its photos went up still knows them.
 */

export type UploadState = 'compressing' | 'waiting' | 'uploading' | 'failed' | 'done' | 'missing';

const LOCAL = 'local:';
const CONCURRENT_UPLOADS = 2;

export const isLocalEntry = (entry: string) => entry.startsWith(LOCAL);
export const localId = (entry: string) => entry.slice(LOCAL.length);

interface UploadsState {
  /** local id → stored path, once uploaded (persisted). */
  urls: Record<string, string>;
  /** local id → what is happening to it (this session only). */
  states: Record<string, UploadState>;
  /** local id → upload progress, 0–100 (this session only). */
  progress: Record<string, number>;
}

export const usePhotoUploads = create<UploadsState>()(
  persist(() => ({ urls: {}, states: {}, progress: {} }) as UploadsState, {
    name: 'jewel-photo-uploads',
    partialize: (state) => ({ urls: state.urls }),
  }),
);

function setState(id: string, state: UploadState) {
  usePhotoUploads.setState((current) => ({ states: { ...current.states, [id]: state } }));
}

function setProgress(id: string, percent: number) {
  usePhotoUploads.setState((current) => ({ progress: { ...current.progress, [id]: percent } }));
}

/** Files picked this session, for previews and in case IndexedDB is unavailable. */
const memory = new Map<string, Blob>();
/** Why a photo kept after the check is marked (also kept with the photo in IndexedDB). */
const flags = new Map<string, PhotoFlag>();
/** Object URLs of local previews, one per id. */
const previews = new Map<string, string>();
const stored = new Map<string, Promise<unknown>>();
const running = new Map<string, AbortController>();
const queue: string[] = [];
/**
 * Local ids bound for a private upload (an identity document): kept in memory only, never in
 * IndexedDB, so a reload loses them (`missing`) rather than sending them anywhere else.
 */
const privateTargets = new Map<string, PrivateUploadKind>();
/**
 * Local ids of the outbox entry open in its form (`holdEntry` in `lib/outbox.ts`): a photo the
 * form drops keeps its file, so that leaving the form without saving leaves the entry whole.
 */
let pinned = new Set<string>();

/** Keeps these entries' files when something forgets them, until the next call (`[]`: none). */
export function pinEntries(entries: string[]) {
  pinned = new Set(entries.filter(isLocalEntry).map(localId));
}

/** A private upload's stored name (`p-….jpg`) in its signed link, which is what the entry resolves to. */
export function privateNameOf(url: string): string | null {
  return /\/(p-[a-f0-9]{32}\.(?:jpg|png|webp))\?/.exec(url)?.[1] ?? null;
}

/** What an entry is now: its stored path when known, the state of its upload otherwise. */
export function entryStatus(entry: string, state = usePhotoUploads.getState()): { url?: string; state: UploadState } {
  if (!isLocalEntry(entry)) return { url: entry, state: 'done' };
  const id = localId(entry);
  const url = state.urls[id];
  if (url) return { url, state: 'done' };
  return { state: state.states[id] ?? 'waiting' };
}

/** The stored path of each entry, or null when one is not uploaded yet. */
export function resolveEntries(entries: string[]): string[] | null {
  const state = usePhotoUploads.getState();
  const result: string[] = [];
  for (const entry of entries) {
    const url = entryStatus(entry, state).url;
    if (!url) return null;
    result.push(url);
  }
  return result;
}

/** HEIC/HEIF (an iPhone's photos): most browsers cannot show them, so no local preview is tried. */
function isHeic(file: Blob, name = file instanceof File ? file.name : ''): boolean {
  return /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(name);
}

/** Every `local:` entry anywhere in a request body (an outbox entry's photos). */
export function localEntriesIn(value: unknown): string[] {
  if (typeof value === 'string') return isLocalEntry(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(localEntriesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(localEntriesIn);
  return [];
}

/** The body with each `local:` entry replaced by its stored path; call once all are uploaded. */
export function withStoredPaths<T>(value: T): T {
  if (typeof value === 'string') return (isLocalEntry(value) ? (entryStatus(value).url ?? value) : value) as T;
  if (Array.isArray(value)) return value.map(withStoredPaths) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withStoredPaths(item)])) as T;
  return value;
}

/** A picture to show for an entry: the server's thumbnail, or the local file while it uploads. */
export async function previewOf(entry: string): Promise<string | null> {
  const status = entryStatus(entry);
  const id = localId(entry);
  const known = isLocalEntry(entry) ? previews.get(id) : undefined;
  if (known) return known;
  if (status.url) return thumbOf(status.url);
  const record = memory.has(id) ? undefined : await getPhoto(id).catch(() => undefined);
  const blob = memory.get(id) ?? record?.file;
  if (!blob || isHeic(blob, record?.name)) return null;
  const url = URL.createObjectURL(blob);
  previews.set(id, url);
  return url;
}

/** The full picture for the viewer. */
export function fullOf(entry: string): string | null {
  const status = entryStatus(entry);
  if (status.url) return status.url;
  return previews.get(localId(entry)) ?? null;
}

function pump() {
  while (running.size < CONCURRENT_UPLOADS && queue.length > 0) {
    const id = queue.shift();
    if (!id || running.has(id)) continue;
    const controller = new AbortController();
    running.set(id, controller);
    void process(id, controller.signal).finally(() => {
      running.delete(id);
      pump();
    });
  }
}

function enqueue(id: string) {
  if (running.has(id) || queue.includes(id) || usePhotoUploads.getState().urls[id]) return;
  setState(id, 'waiting');
  queue.push(id);
  pump();
}

async function process(id: string, signal: AbortSignal) {
  try {
    await stored.get(id);
    const target = privateTargets.get(id);
    const record = target ? undefined : await getPhoto(id).catch(() => undefined);
    let file = record?.file ?? memory.get(id);
    if (!file) {
      setState(id, 'missing');
      return;
    }
    if (!record?.compressed) {
      setState(id, 'compressing');
      const name = record?.name ?? (file instanceof File ? file.name : 'photo.jpg');
      file = await compressPhoto(file instanceof File ? file : new File([file], name, { type: file.type }));
      memory.set(id, file);
      if (!target) {
        const createdAt = record?.createdAt ?? Date.now();
        await putPhoto({ id, file, name, compressed: true, createdAt, flag: record?.flag ?? null }).catch(() => {});
      }
    }
    if (signal.aborted) return;
    setState(id, 'uploading');
    setProgress(id, 0);
    const onProgress = (percent: number) => setProgress(id, percent);
    const flag = record?.flag ?? flags.get(id);
    const image = target
      ? await uploadPrivate(file, target, { signal, onProgress })
      : await uploadImage(file, { signal, onProgress, fields: flag ? { flag } : {} });
    usePhotoUploads.setState((current) => ({
      urls: { ...current.urls, [id]: image.url },
      states: { ...current.states, [id]: 'done' },
    }));
    memory.delete(id);
    flags.delete(id);
    await deletePhoto(id).catch(() => {});
  } catch {
    if (signal.aborted) return;
    // Without a network the photo waits for it (and goes up when it returns), not "failed"
    // (issue 29 item 13); a failure with the network up asks for a retry.
    if (networkGone()) {
      setState(id, 'waiting');
      waitingForNetwork.add(id);
    } else setState(id, 'failed');
  }
}

/** Photos whose upload stopped for want of a network: they go up when it returns. */
const waitingForNetwork = new Set<string>();

function networkGone(): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || !useNetworkStore.getState().online;
}

function uploadWaiting() {
  const ids = [...waitingForNetwork];
  waitingForNetwork.clear();
  for (const id of ids) if (usePhotoUploads.getState().states[id] === 'waiting') enqueue(id);
}

/** A photo picked for a field, and why it is marked when it was kept though the check found it poor. */
export interface PickedPhoto {
  file: File;
  flag: PhotoFlag | null;
}

/** Photos picked without a check. */
export const unchecked = (files: File[]): PickedPhoto[] => files.map((file) => ({ file, flag: null }));

/**
 * Keeps picked photos on the device and starts their upload, a flag with its photo to the end;
 * answers their entries at once. `onStoreFailed` is told when the device cannot keep a file
 * (private mode, full storage).
 */
export function addPhotos(photos: PickedPhoto[], onStoreFailed?: () => void, target?: PrivateUploadKind): string[] {
  return photos.map(({ file, flag }) => {
    const id = uuid();
    memory.set(id, file);
    if (flag) flags.set(id, flag);
    if (!isHeic(file)) previews.set(id, URL.createObjectURL(file));
    setState(id, 'compressing');
    if (target) privateTargets.set(id, target);
    else {
      stored.set(
        id,
        putPhoto({ id, file, name: file.name, compressed: false, createdAt: Date.now(), flag }).catch(() =>
          onStoreFailed?.(),
        ),
      );
    }
    enqueue(id);
    return `${LOCAL}${id}`;
  });
}

/** Uploads what a reloaded draft still has waiting (and, when `failed` is set, retries the failures). */
export function resumeUploads(entries: string[], { failed = false } = {}) {
  const state = usePhotoUploads.getState();
  for (const entry of entries) {
    if (!isLocalEntry(entry)) continue;
    const id = localId(entry);
    const current = state.states[id];
    if (state.urls[id] || running.has(id) || queue.includes(id)) continue;
    if (current === 'failed' && !failed) continue;
    if (current === 'missing') continue;
    enqueue(id);
  }
}

export function retryUpload(entry: string) {
  if (!isLocalEntry(entry)) return;
  const id = localId(entry);
  if (usePhotoUploads.getState().states[id] === 'failed') enqueue(id);
}

/** Forgets entries (deleted photos, a cleared or submitted draft): stops their upload and frees the device. */
export function forgetEntries(entries: string[]) {
  const ids = entries
    .filter(isLocalEntry)
    .map(localId)
    .filter((id) => !pinned.has(id));
  if (ids.length === 0) return;
  for (const id of ids) {
    running.get(id)?.abort();
    const at = queue.indexOf(id);
    if (at >= 0) queue.splice(at, 1);
    memory.delete(id);
    flags.delete(id);
    privateTargets.delete(id);
    const preview = previews.get(id);
    if (preview) URL.revokeObjectURL(preview);
    previews.delete(id);
    stored.delete(id);
    void deletePhoto(id).catch(() => {});
  }
  usePhotoUploads.setState((current) => {
    const urls = { ...current.urls };
    const states = { ...current.states };
    const progress = { ...current.progress };
    for (const id of ids) {
      delete urls[id];
      delete states[id];
      delete progress[id];
    }
    return { urls, states, progress };
  });
}

/** Drops files and uploads of this device that no entry in `keep` refers to. */
export async function forgetAllExcept(keep: string[]) {
  const kept = new Set(keep.filter(isLocalEntry).map(localId));
  const ids = new Set([...Object.keys(usePhotoUploads.getState().urls), ...(await listPhotoIds().catch(() => []))]);
  const unused = [...ids].filter((id) => !kept.has(id) && !running.has(id) && !memory.has(id));
  forgetEntries(unused.map((id) => `${LOCAL}${id}`));
}

/** Summary of a set of entries for the submit check. */
export function uploadSummary(
  entries: string[],
  state: UploadsState = usePhotoUploads.getState(),
): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const entry of entries) {
    const status = entryStatus(entry, state).state;
    if (status === 'failed' || status === 'missing') failed += 1;
    else if (status !== 'done') pending += 1;
  }
  return { pending, failed };
}

if (typeof window !== 'undefined') {
  // Uploads that failed or waited for want of a network try again when it returns: the browser's
  // own event, or the app's view of the server answering again (network-store.ts).
  window.addEventListener('online', () => {
    const { states } = usePhotoUploads.getState();
    for (const [id, state] of Object.entries(states)) if (state === 'failed') enqueue(id);
    uploadWaiting();
  });
  useNetworkStore.subscribe((now, before) => {
    if (now.online && !before.online) uploadWaiting();
  });
}
