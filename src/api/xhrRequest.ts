/**
 * Requests that report upload progress: XMLHttpRequest is the one browser API that does. Used by
 * the uploads of the content studio and the student import; everything else goes through the
 * transport (fetch). Answers and WordPress errors come back as the transport would make them.
 */
import { httpFailureKind, invalidJson, isJwtAuthCode, networkFailure } from './errors';
import { isObj, toText } from './mappers';
import type { ApiError } from './types';

export interface XhrOptions {
  /** '' for the origin that served the app. */
  siteUrl: string;
  getToken: () => string | null;
  /** Called when the server refuses the session's token. */
  onSessionExpired?: () => void;
}

export interface XhrRequest {
  method: 'GET' | 'POST';
  path: string;
  /** FormData as is; an object as JSON. */
  body?: FormData | object;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A WordPress error answer, as the app's transport would have made it. */
function failure(status: number, body: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: the status says enough
  }
  const wpError = isObj(parsed) ? parsed : {};
  const code = toText(wpError.code) || `http_${status}`;
  const expired = status === 401 || (status === 403 && isJwtAuthCode(code));
  return { kind: httpFailureKind(status, expired), status, code, message: toText(wpError.message) || `HTTP ${status}` };
}

/** One request; resolves with the parsed JSON answer, rejects with an ApiError. */
export function xhrRequest(options: XhrOptions, { method, path, body, onProgress, signal }: XhrRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${options.siteUrl.replace(/\/+$/, '')}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = options.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () => reject(networkFailure());
    xhr.onabort = () => reject({ ...networkFailure(), code: 'aborted', message: 'The upload was stopped.' } satisfies ApiError);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const refused = failure(xhr.status, xhr.responseText);
        if (refused.kind === 'expired') options.onSessionExpired?.();
        return reject(refused);
      }
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        reject(invalidJson(xhr.status));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort());
    if (body instanceof FormData || body === undefined) return xhr.send(body ?? null);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.send(JSON.stringify(body));
  });
}
