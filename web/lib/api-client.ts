import {
  CSRF_COOKIE,
  CSRF_COOKIE_SECURE,
  CSRF_HEADER,
  isApiError,
  type ApiError,
} from '../../core/api.ts';
import type { Language } from '../../core/locale.ts';
import { readCookie } from './cookies.ts';

/** Base address of the API; empty means this origin (docs/product/platform.md#requests). */
export const API_BASE = '';

/** A failed call: `body` is the server's JSON error when it sent one; `network` when nothing came back. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    readonly network = false,
  ) {
    super(body?.message ?? (network ? 'network error' : `HTTP ${status}`));
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, isApiError(json) ? json : null);
  }
  return json as T;
}

async function send<T>(input: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${input}`, init);
  } catch {
    throw new ApiRequestError(0, null, true);
  }
  return parse<T>(response);
}

/**
 * GET without cache, with same-origin credentials. When `lang` is given it is also sent as
 * Accept-Language, so the server answers in that language (docs/product/platform.md#requests).
 */
export function apiGet<T>(
  path: string,
  options: { lang?: Language; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let url = path;
  if (options.lang) {
    headers['Accept-Language'] = options.lang;
    url += `${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(options.lang)}`;
  }
  return send<T>(url, {
    method: 'GET',
    cache: 'no-store',
    credentials: 'same-origin',
    headers,
    signal: options.signal ?? null,
  });
}

/** POST, PUT, PATCH or DELETE with the CSRF token from its cookie, the XHR marker and a JSON body. */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  return send<T>(path, {
    method,
    credentials: 'same-origin',
    keepalive: options.keepalive ?? false,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: readCookie(CSRF_COOKIE_SECURE) ?? readCookie(CSRF_COOKIE) ?? '',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/**
 * POST that answers a stream (the assistant's lines of JSON): the response once its status is
 * known; an error answer throws as `apiSend` would, so the caller reads only a 200's body.
 */
export async function apiPostStream(path: string, body: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/x-ndjson',
        'Content-Type': 'application/json',
        [CSRF_HEADER]: readCookie(CSRF_COOKIE_SECURE) ?? readCookie(CSRF_COOKIE) ?? '',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, null, true);
  }
  if (!response.ok || !response.body) await parse<never>(response);
  return response;
}

/** POST of a file's bytes as the body (a picture), with the CSRF token; the server checks the bytes, not the type sent. */
export function apiUpload<T>(path: string, file: Blob): Promise<T> {
  return send<T>(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type':
        file.type && file.type.startsWith('image/') ? file.type : 'application/octet-stream',
      [CSRF_HEADER]: readCookie(CSRF_COOKIE_SECURE) ?? readCookie(CSRF_COOKIE) ?? '',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: file,
  });
}
