import type { SessionTokens } from '@jewel/contract/auth';
import type { RouteDef } from '@jewel/contract/route';
import type { PrivateImage, PrivateUploadKind, UploadedImage } from '@jewel/contract/upload';
import { fillPath } from '@jewel/contract/values/api-path';
import { LANG_HEADER, type Lang } from '@jewel/contract/values/i18n';
import type { z } from 'zod';
import { API_BASE, REQUEST_TIMEOUT_MS, TRANSPORT_TIMEOUT_MS } from '../config/env.ts';
import { useLanguageStore } from '../stores/language-store.ts';
import { serverAnswered, setNetwork } from '../stores/network-store.ts';
import { ApiError, TRANSPORT_ERRORS } from './api-error.ts';
import { t } from './i18n.ts';
import { routes } from './routes.ts';
import { toast } from './toast.ts';

/** What the client needs from the session, given by the app at start-up (lib does not import features). */
export interface SessionBridge {
  token(): string | null;
  refreshToken(): string | null;
  isTemporary(): boolean;
  saveTokens(tokens: SessionTokens): void;
  /** The session is gone: clear it and leave for login (or the expire page for a guest). */
  end(wasTemporary: boolean): void;
}

let session: SessionBridge | null = null;
export function connectSession(bridge: SessionBridge) {
  session = bridge;
}

export interface CallOptions {
  /** Leave the failure to the caller: no toast. */
  hideErrorToast?: boolean;
  /**
   * Leave these failures to the caller, toast the others (`isApiError(error, 'name')`: the
   * caller's code, so that the table of error names stays out of the first load).
   */
  hideErrorToastWhen?: (error: ApiError) => boolean;
  signal?: AbortSignal;
  timeout?: number;
}

type Input<T> = T extends z.ZodType ? z.input<T> : never;
export type CallInput<R extends RouteDef> = {
  [K in 'params' | 'query' | 'body' as R[K] extends z.ZodType ? K : never]: Input<R[K]>;
};
export type CallResult<R extends RouteDef> = R['data'] extends z.ZodType ? z.output<R['data']> : unknown;

/** The chosen language: the store, which is set before the texts have loaded (a call made at start-up). */
function lang(): Lang {
  return useLanguageStore.getState().currentLang;
}

function headers(json: boolean): Record<string, string> {
  const result: Record<string, string> = { platform: 'h5', lang: LANG_HEADER[lang()] ?? 'en' };
  const token = session?.token();
  if (token) result.Authorization = `Bearer ${token}`;
  if (json) result['Content-Type'] = 'application/json';
  return result;
}

/** Query objects go into the URL; empty values are left out. */
function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function fail(error: ApiError, options: CallOptions): never {
  if (!options.hideErrorToast && !options.hideErrorToastWhen?.(error)) toast(error.message || t('errors:request'));
  throw error;
}

function sessionEnded(): ApiError {
  return new ApiError(401, t('errors:sessionEnded'), 401);
}

function endSession(): ApiError {
  const wasTemporary = session?.isTemporary() ?? false;
  session?.end(wasTemporary);
  return sessionEnded();
}

async function requestRefresh(): Promise<boolean> {
  const refreshToken = session?.refreshToken();
  if (!refreshToken) return false;
  try {
    const response = await fetch(`${API_BASE}${routes.authRefresh.path}`, {
      method: 'POST',
      headers: headers(true),
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    const body = await response.json();
    if (!response.ok || body.code !== 0) return false;
    session?.saveTokens(body.data);
    return true;
  } catch {
    return false;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * The silent refresh after a 401, for `call()` and for requests made outside it (the live event
 * stream). One at a time: a refresh token is good once, so parallel 401s share the same attempt,
 * and when it fails the session ends once for all of them. True when refreshed.
 */
export function recoverSession(): Promise<boolean> {
  refreshing ??= requestRefresh()
    .then((refreshed) => {
      if (!refreshed) endSession();
      return refreshed;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The headers of every call (language, platform, the session's token), for requests made outside `call()`. */
export function apiHeaders(): Record<string, string> {
  return headers(false);
}

async function send(url: string, init: RequestInit, options: CallOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(url, { ...init, signal });
    serverAnswered();
    return response;
  } catch {
    if (options.signal?.aborted) throw new ApiError(TRANSPORT_ERRORS.abort, 'abort');
    if (timeout.aborted) fail(new ApiError(TRANSPORT_ERRORS.timeout, 'timeout'), options);
    setNetwork(false);
    return fail(new ApiError(TRANSPORT_ERRORS.network, t('errors:network')), options);
  }
}

/**
 * Calls one contract route: headers of SPEC.md §7, the `{ code, msg, data }` envelope (code ≠ 0
 * is failure), a silent refresh on 401, and the toasts of SPEC.md §8.
 */
export async function call<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<CallResult<R>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: object; body?: unknown };
  const url = `${API_BASE}${fillPath(route.path, params)}${toQueryString(query as Record<string, unknown>)}`;
  const attempt = () =>
    send(
      url,
      {
        method: route.method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      options,
    );

  let response = await attempt();
  const isSignIn = route.path === routes.authLogin.path || route.path === routes.authRefresh.path;
  if (response.status === 401 && !isSignIn) {
    if (!(await recoverSession())) throw sessionEnded();
    response = await attempt();
    if (response.status === 401) throw endSession();
  }
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = await response.json();
  } catch {
    return fail(new ApiError(response.status || 1, t('errors:request'), response.status), options);
  }
  if (envelope.code === 401 && !isSignIn) throw endSession();
  if (!response.ok || envelope.code !== 0) {
    return fail(
      new ApiError(envelope.code, envelope.msg || t('errors:request'), response.status, envelope.data),
      options,
    );
  }
  return envelope.data as CallResult<R>;
}

/** A file the server answers (an export): its bytes and the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Calls a contract route that answers a file rather than the envelope (an export): the same
 * headers and silent refresh as `call()`; a refusal still comes as the envelope and is thrown
 * (and toasted) as `call()` does.
 */
export async function download<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: object; body?: unknown };
  const url = `${API_BASE}${fillPath(route.path, params)}${toQueryString(query as Record<string, unknown>)}`;
  // A file made from a body (the item tags' sheet) is asked for with a POST.
  const init = { method: route.method, headers: headers(body !== undefined) };
  const attempt = () => send(url, body === undefined ? init : { ...init, body: JSON.stringify(body) }, options);
  let response = await attempt();
  if (response.status === 401) {
    if (!(await recoverSession())) throw sessionEnded();
    response = await attempt();
    if (response.status === 401) throw endSession();
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    let envelope: { code?: number; msg?: string; data?: unknown } = {};
    try {
      envelope = await response.json();
    } catch {
      // No envelope: the status says enough.
    }
    return fail(
      new ApiError(
        envelope.code ?? (response.status || 1),
        envelope.msg || t('errors:request'),
        response.status,
        envelope.data,
      ),
      options,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), fileName };
}

/** Hands a file to the browser to save, as a link with `download` would. */
export function saveFile({ blob, fileName }: DownloadedFile) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Uploads one photo with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * `fields` travel with the file and come back in the answer.
 */
export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<UploadedImage> {
  return sendUpload<UploadedImage>(routes.uploadImage.path, file, options);
}

type UploadOptions = {
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads an identity document photo or a signature as a private file: the answer's `name` is
 * what a buyback sends, its `url` a signed link valid for minutes (docs/decisions.md "Buying lawfully").
 */
export function uploadPrivate(file: Blob, kind: PrivateUploadKind, options: UploadOptions = {}): Promise<PrivateImage> {
  return sendUpload<PrivateImage>(routes.uploadPrivate.path, file, {
    ...options,
    fields: { ...options.fields, kind },
  });
}

function sendUpload<T>(path: string, file: Blob, options: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    form.append('file', file, file instanceof File ? file.name : 'photo.jpg');
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.timeout = TRANSPORT_TIMEOUT_MS;
    for (const [key, value] of Object.entries(headers(false))) request.setRequestHeader(key, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((100 * event.loaded) / event.total));
    };
    const rejectWith = (error: ApiError) => {
      toast(error.message);
      reject(error);
    };
    // Out of reach: the offline banner says so and the photo waits for the network
    // (photo-uploads.ts); a toast would say "failed" and, offline, fail to load its own code.
    request.onerror = () => {
      setNetwork(false);
      reject(new ApiError(TRANSPORT_ERRORS.uploadNetwork, t('errors:network')));
    };
    request.ontimeout = () => rejectWith(new ApiError(TRANSPORT_ERRORS.timeout, 'timeout'));
    request.onabort = () => reject(new ApiError(TRANSPORT_ERRORS.abort, 'abort'));
    request.onload = () => {
      serverAnswered();
      let body: { code: number; msg: string; data: T };
      try {
        body = JSON.parse(request.responseText);
      } catch {
        return rejectWith(new ApiError(request.status, t('errors:request'), request.status));
      }
      if (request.status === 401 || body.code === 401) return reject(endSession());
      if (body.code !== 0) return rejectWith(new ApiError(body.code, body.msg, request.status, body.data));
      resolve(body.data);
    };
    options.signal?.addEventListener('abort', () => request.abort());
    try {
      request.send(form);
    } catch {
      rejectWith(new ApiError(TRANSPORT_ERRORS.uploadFile, 'file error'));
    }
  });
}
