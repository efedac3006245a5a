import { CSRF_COOKIE, CSRF_HEADER, parseProblemDetails, readCookie } from './api-client';

export interface UploadOptions {
  /** The API path, e.g. `/api/partners/acme-outdoor/claims/…/attachments`. */
  url: string;
  /** The multipart field that carries the file. */
  field: string;
  file: File;
  /** Called with 0–100 as the request body goes out. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload (the promise rejects with an AbortError). */
  signal?: AbortSignal;
}

const headersOf = (xhr: XMLHttpRequest): Headers => {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator > 0)
      headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return headers;
};

/**
 * A multipart upload that reports its progress. `fetch` cannot tell how much of a request body has
 * gone out, so this one request of the portal goes through XMLHttpRequest; it keeps the API
 * client's rules otherwise: same-origin cookies, the CSRF header, problem details as an
 * `ApiError` on failure. Resolves with the JSON answer.
 */
export function uploadWithProgress<Answer>({
  url,
  field,
  file,
  onProgress,
  signal,
}: UploadOptions): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== undefined) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: headersOf(xhr),
      });
      if (response.ok) {
        onProgress?.(100);
        response.json().then((body) => resolve(body as Answer), reject);
      } else {
        parseProblemDetails(response).then(reject, reject);
      }
    });
    // A connection dropped mid-upload (the server may refuse an oversized body before reading it).
    xhr.addEventListener('error', () => reject(new TypeError('Network error during upload')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}
