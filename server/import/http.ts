/**
 * Requests the import makes to a WordPress site: only http(s), only to public addresses unless the
 * operator names local ones (IMPORT_ALLOW_ADDRESSES), with a timeout and a size limit.
 *
 * An address is judged after unwrapping the IPv6 forms that carry an IPv4 address (mapped
 * ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4), so that no spelling of a
 * loopback, private, link-local or metadata address passes. A host name is looked up once, every
 * address it has is judged, and the connection goes to those very addresses (no second lookup a
 * rebinding DNS server could answer differently). Redirects are followed by hand, each hop judged
 * the same way. Whatever keeps a request from getting an answer (a refused address, a closed port,
 * something that does not speak HTTP, silence) reads the same, so the import's messages cannot be
 * used to map which ports are open.
 */
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Writable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

export class ImportUrlError extends Error {}

/** A request that got no answer: the one text for every reason, so it tells nothing of the network. */
export class UnreachableError extends Error {
  constructor(readonly host: string) {
    super(`${host} could not be reached, or did not answer in time: check the address and that the site is up`);
  }
}

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, SIIT, 6to4), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const zeroUpTo = (end: number) => bytes.slice(0, end).every((b) => b === 0);
  const mapped = zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const siit = zeroUpTo(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0;
  if (mapped || siit || zeroUpTo(12) || address.match(NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The addresses and ranges an operator allowed, ready to match. */
export type AllowList = readonly string[];

function compile(allow: AllowList): [Address, number][] {
  return allow.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

const matches = (address: Address, ranges: [Address, number][]) => ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));

/**
 * Whether the import may connect to this address: a public unicast address (after unwrapping an
 * IPv4 address carried in IPv6), or one the operator named. Anything unparsable is refused.
 */
export function addressAllowed(raw: string, allow: AllowList = []): boolean {
  const text = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.parse(text);
  const ranges = compile(allow);
  if (matches(address, ranges)) return true;
  const inner = address.kind() === 'ipv6' ? embeddedIPv4(address as ipaddr.IPv6) : null;
  if (inner) return matches(inner, ranges) || inner.range() === 'unicast';
  return address.range() === 'unicast';
}

interface Target {
  url: URL;
  /** The host to connect to without brackets, as the request names it. */
  host: string;
  /** The checked addresses to connect to (empty when the host is an address itself). */
  addresses: { address: string; family: 4 | 6 }[];
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ImportUrlError(`"${raw}" is not a web address: give the site's address, such as https://www.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportUrlError(`Only http:// and https:// addresses can be imported, not ${url.protocol}`);
  if (url.username || url.password) throw new ImportUrlError('The address must not carry a user name or password');
  return url;
}

/** A host name's addresses, as the system's resolver gives them. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

async function checkTarget(raw: string, allow: AllowList, resolve: Resolver = systemResolver): Promise<Target> {
  const url = parseUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const refused = () =>
    new ImportUrlError(
      `${url.hostname} is a loopback, private, link-local or other local address, or a cloud metadata address: the import reaches public sites only (IMPORT_ALLOW_ADDRESSES names local ones)`,
    );
  if (METADATA_HOSTS.has(host.replace(/\.$/, ''))) throw refused();
  if (isIP(host) !== 0) {
    if (!addressAllowed(host, allow)) throw refused();
    return { url, host, addresses: [] };
  }
  let found: { address: string; family: number }[];
  try {
    found = await resolve(host);
  } catch {
    throw new ImportUrlError(`${url.hostname} could not be found (DNS): check the address`);
  }
  if (found.length === 0 || found.some((a) => !addressAllowed(a.address, allow))) throw refused();
  return { url, host, addresses: found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) };
}

/** The URL, if it is http(s) and its host is an address the import may reach; else an ImportUrlError saying why. */
export async function checkImportUrl(raw: string, allow: AllowList = []): Promise<URL> {
  return (await checkTarget(raw, allow)).url;
}

export interface FetchOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  /** Local addresses the operator allowed (IMPORT_ALLOW_ADDRESSES). */
  allow?: AllowList;
  /** Looks host names up (the system's resolver unless a test gives a rebinding one). */
  resolve?: Resolver;
}

export interface Fetched {
  status: number;
  headers: Headers;
  body: Buffer;
  url: string;
}

/** Refused for its size: said as it is, not as unreachable. */
class TooLarge extends Error {}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The stream that undoes the answer's Content-Encoding, or null for none. */
function decoderOf(res: IncomingMessage): Transform | null {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** One GET to the checked target; a redirect's answer comes back without its body. */
function requestOnce(target: Target, signal: AbortSignal, options: FetchOptions): Promise<Fetched & { location: string | null }> {
  const { url, addresses } = target;
  // The connection goes to the addresses judged above, never to a second lookup's answer.
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    const done = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
    if (lookupOptions.all) done(null, addresses);
    else done(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: target.host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        signal,
        ...(addresses.length > 0 ? { lookup: pinned } : {}),
        headers: { 'user-agent': 'YoungengineerOnline-import/1', 'accept-encoding': 'gzip, deflate, br', ...options.headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const headers = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const location = status >= 300 && status < 400 && status !== 304 ? headers.get('location') : null;
        if (location) {
          res.destroy();
          resolve({ status, headers, body: Buffer.alloc(0), url: url.href, location });
          return;
        }
        const declared = Number(headers.get('content-length') ?? '0');
        if (!headers.get('content-encoding') && declared > options.maxBytes) {
          res.destroy();
          reject(new TooLarge(`it is ${megabytes(declared)}, over the limit of ${options.maxBytes / 1024 / 1024} MB`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const sink = new Writable({
          write(chunk: Buffer, _encoding, next) {
            size += chunk.length;
            if (size > options.maxBytes) next(new TooLarge(`it is over the limit of ${options.maxBytes / 1024 / 1024} MB`));
            else {
              chunks.push(chunk);
              next();
            }
          },
        });
        const decoder = decoderOf(res);
        (decoder ? pipeline(res, decoder, sink) : pipeline(res, sink)).then(
          () => resolve({ status, headers, body: Buffer.concat(chunks), url: url.href, location: null }),
          (err: unknown) => {
            res.destroy();
            reject(err);
          },
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GET with checked redirects (at most 5), a timeout for the whole exchange, and at most maxBytes of body. */
export async function fetchChecked(start: string, options: FetchOptions): Promise<Fetched> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let url = start;
  for (let hop = 0; hop <= 5; hop += 1) {
    let target: Target;
    try {
      target = await checkTarget(url, options.allow ?? [], options.resolve);
    } catch (err) {
      if (!(err instanceof ImportUrlError)) throw err;
      // A refused or unknown address reads like a closed port: nothing is said of what is behind it.
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) throw new UnreachableError(parsed.host);
      throw new Error(err.message);
    }
    let answer: Fetched & { location: string | null };
    try {
      answer = await requestOnce(target, signal, options);
    } catch (err) {
      if (options.signal?.aborted) throw new Error('the import was stopped');
      if (err instanceof TooLarge) throw new Error(err.message);
      throw new UnreachableError(target.url.host);
    }
    if (answer.location === null) return { status: answer.status, headers: answer.headers, body: answer.body, url: answer.url };
    url = new URL(answer.location, url).href;
  }
  throw new Error('too many redirects');
}
