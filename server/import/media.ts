/**
 * Which URLs of a WordPress page are media the import copies, where they go in the media storage,
 * and what a downloaded file really is (its first bytes, not its name or Content-Type). A file whose
 * bytes do not match its name's format (the WordPress peer answers SVG placeholders for .jpg names)
 * is converted with sharp to the name's format, so browsers show it under the same path; an SVG
 * drawing is always stored as a picture.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { STUDIO_LIMITS } from '../../contract';
import { mediaKeyOf } from '../media/storage';

export type MediaKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg' | 'pdf' | 'mp4' | 'webm';

const BY_EXTENSION: Record<string, MediaKind> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.jpe': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
  '.pdf': 'pdf',
  '.mp4': 'mp4',
  '.m4v': 'mp4',
  '.webm': 'webm',
};

type RasterKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';
const RASTER: ReadonlySet<MediaKind> = new Set<RasterKind>(['jpeg', 'png', 'gif', 'webp', 'avif']);
const MEDIA_EXTENSION = /\.(jpe?g|jpe|png|gif|webp|avif|svg|pdf|mp4|m4v|webm|mov|mp3|zip)$/i;

/** What the first bytes say the file is, or null for anything that is not an image, a PDF or a video. */
export function sniff(bytes: Buffer): MediaKind | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') return /^(avif|avis)$/.test(ascii(8, 12)) ? 'avif' : 'mp4';
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  const head = bytes.subarray(0, 4096).toString('utf8');
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** The format a path's name promises, or null when its extension names none of ours. */
export const kindOfName = (name: string): MediaKind | null => BY_EXTENSION[path.extname(name).toLowerCase()] ?? null;

const EXTENSION_OF: Record<MediaKind, string> = { jpeg: '.jpg', png: '.png', gif: '.gif', webp: '.webp', avif: '.avif', svg: '.svg', pdf: '.pdf', mp4: '.mp4', webm: '.webm' };

export interface PreparedFile {
  bytes: Buffer;
  /** The storage path (root-relative, URL-encoded as pages name it); may gain an extension. */
  path: string;
  converted: boolean;
}

/**
 * The file to store for the bytes downloaded for `storagePath`: as they came when they are what
 * the name says, converted when they are an image of another format than a raster name promises.
 * An SVG drawing is never stored as SVG: it can carry script in more spellings than any pattern
 * catches (a namespaced <x:script>, entities, event attributes), so it is stored as its picture:
 * in the raster format its name promises, else as PNG under the name with ".png" added.
 * Throws with the reason for anything else.
 */
export async function prepareFile(bytes: Buffer, storagePath: string): Promise<PreparedFile> {
  const actual = sniff(bytes);
  if (actual === null) throw new Error('it is not an image, a PDF or a video');
  const named = kindOfName(storagePath);
  const mismatch = () => new Error(`it is ${actual.toUpperCase()} but its name says ${path.extname(storagePath)}`);
  if (actual === 'svg') {
    if (named !== null && named !== 'svg' && !RASTER.has(named)) throw mismatch();
    const raster = named !== null && RASTER.has(named);
    return convert(bytes, raster ? (named as RasterKind) : 'png', raster ? storagePath : `${storagePath}.png`, actual);
  }
  if (named === null) return { bytes, path: storagePath + EXTENSION_OF[actual], converted: false };
  if (named === actual) return { bytes, path: storagePath, converted: false };
  if (!RASTER.has(named) || !RASTER.has(actual)) throw mismatch();
  return convert(bytes, named as RasterKind, storagePath, actual);
}

async function convert(bytes: Buffer, to: RasterKind, storagePath: string, actual: MediaKind): Promise<PreparedFile> {
  try {
    const out = await sharp(bytes, { limitInputPixels: STUDIO_LIMITS.imagePixels }).toFormat(to).toBuffer();
    return { bytes: out, path: storagePath, converted: true };
  } catch (err) {
    throw new Error(`it is ${actual.toUpperCase()} and could not be converted to ${to.toUpperCase()} (${err instanceof Error ? err.message : String(err)})`);
  }
}

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** The site being imported: its origin and the path WordPress lives under ('' at the root). */
export interface Site {
  origin: string;
  basePath: string;
}

export type UrlClass =
  | { kind: 'media'; url: string; path: string }
  | { kind: 'foreign'; url: string }
  | { kind: 'other' };

/**
 * A field value that is a URL: media of the site itself (under /progrmas/ or /wp-content/uploads/)
 * with the storage path it gets, media elsewhere (left as a link), or anything else.
 */
export function classifyUrl(value: string, site: Site): UrlClass {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return { kind: 'other' };
  const absolute = /^https?:\/\//i.test(text);
  const rootRelative = text.startsWith('/') && !text.startsWith('//');
  if (!absolute && !rootRelative) return { kind: 'other' };
  let url: URL;
  try {
    url = new URL(text, site.origin);
  } catch {
    return { kind: 'other' };
  }
  url.hash = '';
  const local = url.pathname.startsWith(site.basePath) ? url.pathname.slice(site.basePath.length) : url.pathname;
  const uploads = local.indexOf('/wp-content/uploads/');
  const mediaPath = local.startsWith('/progrmas/') ? local : uploads >= 0 ? `/content/imported/uploads/${local.slice(uploads + '/wp-content/uploads/'.length)}` : null;
  if (url.origin !== site.origin) {
    return mediaPath !== null || MEDIA_EXTENSION.test(url.pathname) ? { kind: 'foreign', url: url.href } : { kind: 'other' };
  }
  if (mediaPath === null || mediaKeyOf(mediaPath) === null) return { kind: 'other' };
  return { kind: 'media', url: url.href, path: mediaPath };
}
