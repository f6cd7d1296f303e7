// File uploads with progress: fetch cannot report how much of a request body was sent, so this
// one call uses XMLHttpRequest. After the last byte the server still extracts and indexes the
// file before it answers; `onProgress(1)` means "sent, now indexing".
import { ADMIN_BASE, ApiError, headersFor, noteUnauthorized, toApiError } from './client.ts';

export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ADMIN_BASE + path);
    for (const [name, value] of Object.entries(headersFor('POST'))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else {
        noteUnauthorized(request.status, path);
        reject(toApiError(request.status, body));
      }
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'The upload was interrupted. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
