/**
 * Step images of the content studio: an upload is checked (its real format from its
 * bytes, its size and pixel count before it is decoded, a damaged file refused), turned upright,
 * stripped of every metadata (EXIF, GPS, XMP; colours converted to sRGB and the profile dropped),
 * and made into the sizes the gallery shows: {width}.webp and {width}.jpg for each of
 * STUDIO_LIMITS.stepWidths plus thumb.webp and thumb.jpg, stored under /progrmas/studio/{folder}/.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { STUDIO_LIMITS, STUDIO_SLIDE_SIZES, type StudioImage, type StudioImageSize, type StudioStepInput } from '../../contract/studio';
import type { MediaKey, MediaStorage } from './storage';

/** Where studio uploads live (a URL path; keys drop the leading slash). */
export const STUDIO_MEDIA_ROOT = '/progrmas/studio';

/**
 * Output qualities, chosen for building-instruction photos and drawings at phone and desktop widths:
 * WebP 80 keeps brick edges and printed part numbers crisp without the ringing lower qualities put
 * around thin lines; mozjpeg 80 (progressive, trellis-quantised) is the fallback at a similar look.
 */
export const WEBP_OPTIONS = { quality: 80, effort: 4, smartSubsample: true } as const;
export const JPEG_OPTIONS = { quality: 80, mozjpeg: true } as const;
/** Transparent parts of PNG, WebP and GIF drawings become white: the gallery shows steps on white. */
const BACKGROUND = '#ffffff';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const FORMAT_NAMES: Record<ImageFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF' };
const EXTENSIONS: Record<ImageFormat, readonly string[]> = {
  jpeg: ['.jpg', '.jpeg', '.jpe', '.jfif'],
  png: ['.png'],
  webp: ['.webp'],
  avif: ['.avif'],
  gif: ['.gif'],
};

export interface ImageRefusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

export interface ProcessedImage {
  ok: true;
  /** The uploaded name, to show in the studio. */
  name: string;
  /** The stored original's size (the largest slot), upright. */
  width: number;
  height: number;
  /** File name in the image's folder → content. */
  files: Map<string, Buffer>;
}

const refuse = (status: number, code: string, message: string): ImageRefusal => ({ ok: false, status, code, message });

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** What the first bytes say a file is; 'svg' and 'heic' are recognised only to be refused kindly. */
export function sniffImage(bytes: Buffer): ImageFormat | 'svg' | 'heic' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  const head6 = bytes.toString('latin1', 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), 256, bytes.length);
    const brands: string[] = [];
    for (let at = 8; at + 4 <= boxSize; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic';
    return null;
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return null;
  const text = bytes.toString('utf8', 0, 4096).replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<') && /<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

/** Runs at most one image per core at once: a 50-megapixel decode holds a lot of memory. */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
const gate = new Gate(Math.max(1, os.availableParallelism()));

/**
 * Checks an uploaded image and makes every stored size of it, or says why it is refused. The
 * caller has already refused a body over STUDIO_LIMITS.imageBytes while it streamed in; the check
 * here repeats it for callers that hold the bytes (the importer, the bench).
 */
export async function processImage(bytes: Buffer, fileName: string): Promise<ProcessedImage | ImageRefusal> {
  const name = path.basename(fileName.replace(/\\/g, '/')) || 'image';
  const quoted = `"${name}"`;
  if (bytes.length > STUDIO_LIMITS.imageBytes) {
    return refuse(413, 'studio_image_too_large', `${quoted} is ${megabytes(bytes.length)}; an image may be at most ${megabytes(STUDIO_LIMITS.imageBytes)}.`);
  }
  if (bytes.length === 0) return refuse(400, 'studio_image_empty', `${quoted} is empty.`);
  const sniffed = sniffImage(bytes);
  const ext = path.extname(name).toLowerCase();
  if (sniffed === 'svg' || ext === '.svg' || ext === '.svgz') {
    return refuse(
      415,
      'studio_image_svg',
      `${quoted} is an SVG drawing. SVG files can carry scripts, so the studio does not take them: export the drawing as PNG or JPEG and upload that.`,
    );
  }
  if (sniffed === 'heic') {
    return refuse(415, 'studio_image_unsupported', `${quoted} is a HEIC photo, which browsers cannot show. Export it as JPEG and upload that.`);
  }
  if (sniffed === null) {
    return refuse(415, 'studio_not_an_image', `${quoted} is not an image the studio can use. Upload JPEG, PNG, WebP, AVIF or GIF images.`);
  }
  const formatName = FORMAT_NAMES[sniffed];
  if (ext !== '' && !EXTENSIONS[sniffed].includes(ext)) {
    return refuse(
      415,
      'studio_image_wrong_extension',
      `${quoted} is really a ${formatName} image, though its name ends in ${ext}. Rename it to ${EXTENSIONS[sniffed][0]} (or save it again as the format its name says) and upload it again.`,
    );
  }
  return gate.run(() => makeSizes(bytes, name, quoted, formatName));
}

async function makeSizes(bytes: Buffer, name: string, quoted: string, formatName: string): Promise<ProcessedImage | ImageRefusal> {
  const damaged = () =>
    refuse(400, 'studio_image_damaged', `${quoted} is damaged or incomplete (perhaps cut off while copying). Open it in an image editor, save it again and upload that.`);
  let header: Metadata;
  try {
    // Only the header: the pixel count is checked before anything is decoded.
    header = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    return damaged();
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > STUDIO_LIMITS.imagePixels) {
    return refuse(
      413,
      'studio_image_too_many_pixels',
      `${quoted} is ${header.width} × ${header.height} pixels (${(pixels / 1e6).toFixed(1)} megapixels); an image may have at most ${STUDIO_LIMITS.imagePixels / 1e6} megapixels.`,
    );
  }
  if (pixels === 0) return damaged();
  const largest = Math.max(...STUDIO_LIMITS.stepWidths);
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // One decode: upright, at most the largest slot wide, flattened, sRGB, 8 bits; every size is made from it.
    upright = await sharp(bytes, { failOn: 'error', limitInputPixels: STUDIO_LIMITS.imagePixels, autoOrient: true })
      .resize({ width: largest, withoutEnlargement: true })
      .flatten({ background: BACKGROUND })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return damaged();
  }
  const { width, height, channels } = upright.info;
  const source = () => sharp(upright.data, { raw: { width, height, channels } });
  const files = new Map<string, Buffer>();
  const encode = async (fileName: string, toWidth: number) => {
    const resized = toWidth < width ? source().resize({ width: toWidth }) : source();
    const [webp, jpeg] = await Promise.all([resized.clone().webp(WEBP_OPTIONS).toBuffer(), resized.clone().jpeg(JPEG_OPTIONS).toBuffer()]);
    files.set(`${fileName}.webp`, webp);
    files.set(`${fileName}.jpg`, jpeg);
  };
  try {
    for (const slot of STUDIO_LIMITS.stepWidths) await encode(String(slot), Math.min(slot, width));
    await encode('thumb', Math.min(STUDIO_LIMITS.thumbnailWidth, width));
  } catch {
    return refuse(400, 'studio_image_unreadable', `${quoted} (${formatName}) could not be converted. Save it again as JPEG or PNG and upload that.`);
  }
  return { ok: true, name, width, height, files };
}

/** A fresh folder name for one upload: 96 random bits, URL-safe. */
export const newMediaFolder = (): string => randomBytes(12).toString('base64url');

const keyOf = (urlPath: string): MediaKey => urlPath.replace(/^\//, '');

/**
 * Stores every file of a processed image in a new folder and returns the folder's URL path.
 * A failure part-way removes what was stored.
 */
export async function storeImage(storage: MediaStorage, image: ProcessedImage): Promise<string> {
  const folder = `${STUDIO_MEDIA_ROOT}/${newMediaFolder()}`;
  const stored: MediaKey[] = [];
  try {
    for (const [fileName, content] of image.files) {
      const key = keyOf(`${folder}/${fileName}`);
      stored.push(key);
      await storage.put(key, content);
    }
  } catch (err) {
    await removeAll(storage, stored);
    throw err;
  }
  return folder;
}

/** Every file of these image folders (what storeImage wrote), for undoing a batch. */
export function imageFolderKeys(folder: string): MediaKey[] {
  const names = [...STUDIO_LIMITS.stepWidths.map(String), 'thumb'].flatMap((n) => [`${n}.webp`, `${n}.jpg`]);
  return names.map((n) => keyOf(`${folder}/${n}`));
}

export async function removeAll(storage: MediaStorage, keys: readonly MediaKey[]): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/**
 * The StudioImage of a stored image folder. `width` and `height` are the stored original's
 * (the largest slot); a narrower image fills the wider slots at its own width.
 */
export function studioImageOf(folder: string, width: number, height: number, name: string, sign: (urlPath: string) => string): StudioImage {
  const media = (urlPath: string) => ({ path: urlPath, url: sign(urlPath) });
  const sizes: StudioImageSize[] = STUDIO_LIMITS.stepWidths.map((slot) => ({
    width: Math.min(slot, width),
    modern: media(`${folder}/${slot}.webp`),
    jpeg: media(`${folder}/${slot}.jpg`),
  }));
  const largest = Math.max(...STUDIO_LIMITS.stepWidths);
  return { original: media(`${folder}/${largest}.jpg`), thumbnail: media(`${folder}/thumb.jpg`), sizes, width, height, name };
}

const STUDIO_ORIGINAL = new RegExp(`^(${STUDIO_MEDIA_ROOT}/[A-Za-z0-9_-]+)/${Math.max(...STUDIO_LIMITS.stepWidths)}\\.jpg$`);

/**
 * A saved step as a StudioImage: an image the studio made gets its sizes back from its folder;
 * a seeded or imported one has none (its original and thumbnail as they are).
 */
export function studioImageOfStep(step: StudioStepInput, name: string, sign: (urlPath: string) => string): StudioImage {
  const folder = STUDIO_ORIGINAL.exec(step.original)?.[1];
  if (folder) return studioImageOf(folder, step.width, step.height, name, sign);
  const media = (urlPath: string) => ({ path: urlPath, url: sign(urlPath) });
  return { original: media(step.original), thumbnail: media(step.thumbnail || step.original), sizes: [], width: step.width, height: step.height, name };
}

/** What a gallery item of a studio-made step adds for the browser to choose a size (WireGalleryItem). */
export interface ResponsiveSizes {
  srcSet: string;
  webpSrcSet: string;
  sizes: string;
  thumbnailWebp: string;
}

/**
 * The generated sizes of a stored gallery item whose original the studio made, each URL from
 * `url` (signed for the viewer); null for seeded and imported images, and when `url` gives none
 * (a viewer who may not open the lesson). A picture narrower than a slot fills it at its own
 * width, so a width is listed once, by its smallest file.
 */
export function responsiveSizesOf(original: unknown, storedWidth: unknown, url: (urlPath: string) => string): ResponsiveSizes | null {
  const folder = typeof original === 'string' ? STUDIO_ORIGINAL.exec(original)?.[1] : undefined;
  if (!folder) return null;
  const largest = Math.max(...STUDIO_LIMITS.stepWidths);
  const width = Number(storedWidth) > 0 ? Math.min(Number(storedWidth), largest) : largest;
  const slots = new Map<number, number>();
  for (const slot of STUDIO_LIMITS.stepWidths) {
    const shown = Math.min(slot, width);
    if (!slots.has(shown)) slots.set(shown, slot);
  }
  const set = (ext: string): string | null => {
    const entries: string[] = [];
    for (const [shown, slot] of slots) {
      const signed = url(`${folder}/${slot}.${ext}`);
      if (signed === '') return null;
      entries.push(`${signed} ${shown}w`);
    }
    return entries.join(', ');
  };
  const srcSet = set('jpg');
  const webpSrcSet = set('webp');
  const thumbnailWebp = url(`${folder}/thumb.webp`);
  if (srcSet === null || webpSrcSet === null || thumbnailWebp === '') return null;
  return { srcSet, webpSrcSet, sizes: STUDIO_SLIDE_SIZES, thumbnailWebp };
}
