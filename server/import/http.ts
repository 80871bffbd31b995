/**
 * Requests the import makes to a WordPress site: only http(s), never to link-local addresses
 * (169.254.0.0/16, fe80::/10: cloud metadata services live there), redirects followed by hand so
 * each hop is checked too, with a timeout and a size limit.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export class ImportUrlError extends Error {}

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

function linkLocal(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('169.254.');
  return isIP(address) === 6 && /^fe[89ab]/i.test(address);
}

/** The URL, if it is http(s) and its host is not a link-local or metadata address; else an ImportUrlError saying why. */
export async function checkImportUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ImportUrlError(`"${raw}" is not a web address: give the site's address, such as https://www.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportUrlError(`Only http:// and https:// addresses can be imported, not ${url.protocol}`);
  if (url.username || url.password) throw new ImportUrlError('The address must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const refused = () => new ImportUrlError(`${url.hostname} is a link-local or cloud metadata address: it cannot be imported from`);
  if (METADATA_HOSTS.has(host) || linkLocal(host)) throw refused();
  if (isIP(host) === 0) {
    let addresses: { address: string }[];
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw new ImportUrlError(`${url.hostname} could not be found (DNS): check the address`);
    }
    if (addresses.some((a) => linkLocal(a.address))) throw refused();
  }
  return url;
}

export interface FetchOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
}

export interface Fetched {
  status: number;
  headers: Headers;
  body: Buffer;
  url: string;
}

/** GET with checked redirects (at most 5), a timeout for the whole exchange, and at most maxBytes of body. */
export async function fetchChecked(start: string, options: FetchOptions): Promise<Fetched> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  let url = start;
  for (let hop = 0; hop <= 5; hop += 1) {
    await checkImportUrl(url);
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'manual', signal, headers: { 'user-agent': 'YoungengineerOnline-import/1', ...options.headers } });
    } catch (err) {
      if (options.signal?.aborted) throw new Error('the import was stopped');
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new Error(signal.aborted ? `no answer within ${Math.round(options.timeoutMs / 1000)} s` : `could not connect${cause}`);
    }
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && res.headers.get('location')) {
      await res.body?.cancel();
      url = new URL(res.headers.get('location') ?? '', url).href;
      continue;
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > options.maxBytes) {
      await res.body?.cancel();
      throw new Error(`it is ${(declared / 1024 / 1024).toFixed(1)} MB, over the limit of ${options.maxBytes / 1024 / 1024} MB`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > options.maxBytes) {
          await reader.cancel();
          throw new Error(`it is over the limit of ${options.maxBytes / 1024 / 1024} MB`);
        }
        chunks.push(Buffer.from(value));
      }
    }
    return { status: res.status, headers: res.headers, body: Buffer.concat(chunks), url };
  }
  throw new Error('too many redirects');
}
