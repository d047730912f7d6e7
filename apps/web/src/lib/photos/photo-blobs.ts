import type { PhotoFlag } from '@jewel/contract/values/commodity';

/**
 * Photos not yet uploaded, kept on the device in IndexedDB (localStorage holds only text and
 * too little of it): a reload, a crash or a dead battery loses none, and their upload resumes.
 */

export interface StoredPhoto {
  id: string;
  /** The picked file, or its smaller copy once compressed. */
  file: Blob;
  name: string;
  compressed: boolean;
  createdAt: number;
  /** Kept though the check found it blurred or dark (absent in records kept before issue 29 item 9). */
  flag?: PhotoFlag | null;
}

const DB_NAME = 'jewel-photos';
const STORE = 'pending';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('no IndexedDB'));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
  });
}

export function putPhoto(photo: StoredPhoto): Promise<unknown> {
  return run('readwrite', (store) => store.put(photo));
}

export async function getPhoto(id: string): Promise<StoredPhoto | undefined> {
  return run<StoredPhoto | undefined>('readonly', (store) => store.get(id));
}

export function deletePhoto(id: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(id));
}

export async function listPhotoIds(): Promise<string[]> {
  return (await run('readonly', (store) => store.getAllKeys())).map(String);
}
