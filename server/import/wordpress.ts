/**
 * Imports a WordPress site's catalogue through its public REST API (wp/v2/pages): the programs
 * root (127) and its programs, every program's models (lesson pages), and the terms page (51).
 * Pages are stored as the portal's `pages` rows (title, slug, order, content, dates, every meta key's
 * first value, every custom field), with the site's own media (/progrmas/, /wp-content/uploads/)
 * downloaded into the media storage and named by their local path.
 *
 * Ids: a WordPress id is kept when the portal has no page with it (or the page is this one from an
 * earlier import); otherwise the page gets a new id, remembered in import_sources, and parents
 * follow. The programs root and the terms page are the portal's own fixed pages (CONTENT_IDS): the
 * site's versions take their place.
 *
 * A page is written only after all its media arrived, in one transaction with its bookkeeping: a
 * page whose media fail is reported failed and its earlier version stays. A page whose content hash
 * is unchanged since the last import (and whose media are all recorded) is skipped without a download.
 *
 * Nothing an import writes is seen by anyone but the office until it is published: a page the
 * portal did not have is made as a draft (status 'draft'), and a page it has that is live gets the
 * site's version as its studio draft (pages.draft_json), its live version untouched. Each page is
 * remembered as waiting for review (import_sources.pending) by the job that wrote it, for the
 * studio's review: publish all, publish chosen, or discard (server/domain/importReview.ts). A live
 * page with unpublished changes made in the studio is not overwritten: it is reported, and brought
 * by the next import once those changes are published or discarded. Who sees a program (its audience)
 * is the studio's once the program is in the portal: a later import keeps the audience the portal
 * gives it. A page in the studio's Trash, or a model of a program there, is not written (reported).
 */
import { CONTENT_IDS, type StudioImportSummary } from '../../contract';
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { NewPageRow, PageRow } from '../db/schema';
import type { MediaStorage } from '../media/storage';
import { mediaKeyOf } from '../media/storage';
import { checkImportUrl, fetchChecked, type AllowList } from './http';
import { classifyUrl, prepareFile, sha256, type Site } from './media';

export interface ImportProgress {
  /** 0..1 */
  progress: number;
  step: string;
}

export interface ImportOptions {
  db: Db;
  media: MediaStorage;
  /** The site's address, e.g. https://www.example.com (WordPress at its root) or https://example.com/blog. */
  url: string;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /** Media downloads at once (6). */
  concurrency?: number;
  /** Per request (30 s). */
  timeoutMs?: number;
  /** Local addresses the operator lets the import reach (IMPORT_ALLOW_ADDRESSES); public ones only when empty. */
  allowAddresses?: AllowList;
  /** Only these programs (their WordPress ids) with their models; every program when absent. */
  programs?: readonly number[];
  /** The import job whose review the drafts join (0: none). */
  jobId?: number;
}

export class ImportError extends Error {}

/** A live page with the office's own unpublished changes: the import leaves it alone. */
class StudioDraftInTheWay extends Error {
  constructor() {
    super('It has unpublished changes made in the content studio: publish or discard them there, then import again.');
  }
}

/**
 * A page in the studio's Trash (or a model of a program there): the office deleted it, so the import
 * neither brings it back nor makes a second copy; restored from the Trash, the next import updates it.
 */
class InTheTrash extends Error {
  constructor(what: 'page' | 'program') {
    super(what === 'page' ? 'It is in the Trash of the content studio: restore it there, then import again.' : 'Its program is in the Trash of the content studio: restore the program there, then import again.');
  }
}

/** Whether the page, or the program it belongs to, is in the studio's Trash. */
async function trashed(db: q.Executor, id: number, parent: number): Promise<InTheTrash | null> {
  if ((await q.findPage(db, id))?.status === q.TRASH_STATUS) return new InTheTrash('page');
  if (parent > 0 && (await q.findPage(db, parent))?.status === q.TRASH_STATUS) return new InTheTrash('program');
  return null;
}

/** The meta keys that say who sees a program: the studio's to decide once the program is in the portal. */
const AUDIENCE_KEYS = ['audience', 'hide'] as const;

/**
 * The site's page with the audience the portal already gives it (its draft's, else its live one's):
 * an audience the office chose, before or after publishing, is not undone by the next import.
 */
function withPortalAudience(page: NewPageRow, current: PageRow): NewPageRow {
  let shown: Record<string, unknown> = {};
  try {
    const draft = current.draft_json === null ? null : (JSON.parse(current.draft_json) as { meta?: Record<string, unknown> });
    shown = draft?.meta ?? (JSON.parse(current.meta_json) as Record<string, unknown>);
  } catch {
    return page;
  }
  const meta = JSON.parse(page.meta_json ?? '{}') as Record<string, unknown>;
  for (const key of AUDIENCE_KEYS) {
    if (shown[key] !== undefined) meta[key] = shown[key];
    else delete meta[key];
  }
  return { ...page, meta_json: JSON.stringify(meta) };
}

/** A page row's columns as a studio draft (pages.draft_json): what the studio edits and publishing makes live. */
const draftOf = (page: NewPageRow): string =>
  JSON.stringify({ title: page.title, content: page.content ?? '', meta: JSON.parse(page.meta_json ?? '{}') as unknown, fields: JSON.parse(page.fields_json ?? '{}') as unknown });

const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
const MAX_JSON_BYTES = 50 * 1024 * 1024;
const MAX_NOTES = 50;

/** Keys of a WordPress page object that are not custom fields. */
const STANDARD_KEYS = new Set([
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content', 'excerpt',
  'author', 'featured_media', 'parent', 'menu_order', 'comment_status', 'ping_status', 'template', 'meta', 'metadata', 'password',
  'class_list', '_links', '_embedded', 'yoast_head', 'yoast_head_json',
]);

interface WpPage {
  id: number;
  parent: number;
  slug: string;
  menu_order: number;
  date?: string;
  date_gmt?: string;
  modified?: string;
  modified_gmt?: string;
  title?: { rendered?: string };
  content?: { rendered?: string };
  excerpt?: { rendered?: string };
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

type Role = 'root' | 'terms' | 'program' | 'model';

interface SourcePage {
  wp: WpPage;
  role: Role;
  /** For the summary and the progress line: "Play Machines 1: Catapult". */
  name: string;
}

interface MediaRef {
  url: string;
  path: string;
}

type MediaOutcome = { ok: true; path: string; unchanged: boolean; converted: boolean; bytes: Buffer | null; sha256: string; etag: string } | { ok: false; reason: string };

/** Only the first `limit` tasks run at once. */
function pool(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** WordPress's "2023-01-02T12:00:00" (GMT) as the portal stores dates: ISO 8601 UTC. */
function isoOf(gmt: string | undefined, local: string | undefined): string {
  const text = gmt || local || '';
  const parsed = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : new Date(0).toISOString();
}

export const decodeTitle = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export async function importWordPress(options: ImportOptions): Promise<StudioImportSummary> {
  const { db, media, signal } = options;
  const jobId = options.jobId ?? 0;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const allow = options.allowAddresses ?? [];
  const base = await checkImportUrl(options.url, allow);
  const site: Site = { origin: base.origin, basePath: base.pathname.replace(/\/+$/, '') };
  const siteKey = site.origin + site.basePath;
  const api = `${siteKey}/wp-json/wp/v2/pages`;
  const summary: StudioImportSummary = { created: 0, updated: 0, skipped: 0, failed: [], media: { downloaded: 0, converted: 0, unchanged: 0, skipped: 0 }, notes: [] };
  const counts = summary.media!;
  const note = (what: string, reason: string) => {
    if (summary.notes!.length < MAX_NOTES) summary.notes!.push({ what, reason });
  };
  const report = (progress: number, step: string) => options.onProgress?.({ progress: Math.min(1, Math.max(0, progress)), step });
  const stopped = () => {
    if (signal?.aborted) throw new ImportError('The import was stopped.');
  };

  async function getJson(url: string): Promise<{ body: unknown; status: number; headers: Headers }> {
    const res = await fetchChecked(url, { signal, timeoutMs, allow, maxBytes: MAX_JSON_BYTES, headers: { accept: 'application/json' } });
    let body: unknown = null;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      if (res.status === 200) throw new ImportError(`${url} did not answer JSON: is ${siteKey} a WordPress site with its REST API on?`);
    }
    return { body, status: res.status, headers: res.headers };
  }

  /** Every child of a page, all pages of 100; single pages fetched where a list leaves the fields out. */
  async function children(parent: number): Promise<WpPage[]> {
    const all: WpPage[] = [];
    for (let page = 1, total = 1; page <= total; page += 1) {
      const res = await getJson(`${api}?parent=${parent}&per_page=100&page=${page}`);
      if (res.status !== 200 || !Array.isArray(res.body)) {
        const message = (res.body as { message?: string } | null)?.message;
        throw new ImportError(`${api}?parent=${parent} answered ${res.status}${message ? `: ${message}` : ''}`);
      }
      all.push(...(res.body as WpPage[]));
      total = Math.max(1, Number(res.headers.get('x-wp-totalpages') ?? '1') || 1);
    }
    const fetchOne = pool(4);
    return Promise.all(all.map(async (item) => (item.metadata !== undefined && 'lesson_0_gallery' in item ? item : ((await fetchOne(() => single(item.id))) ?? item))));
  }

  async function single(id: number): Promise<WpPage | null> {
    const res = await getJson(`${api}/${id}`);
    return res.status === 200 && res.body && typeof res.body === 'object' ? (res.body as WpPage) : null;
  }

  // ---- 1. what the site has --------------------------------------------------------------------
  report(0, `Reading ${siteKey}`);
  const sources: SourcePage[] = [];
  const root = await single(CONTENT_IDS.programsRoot);
  const listed = await children(CONTENT_IDS.programsRoot);
  const chosen = options.programs ? new Set(options.programs) : null;
  const programs = chosen ? listed.filter((program) => chosen.has(program.id)) : listed;
  for (const id of chosen ?? []) {
    if (!listed.some((program) => program.id === id)) summary.failed.push({ what: `Program ${id}`, reason: 'the site has no program with this id' });
  }
  if (root) sources.push({ wp: root, role: 'root', name: 'Programs' });
  const terms = await single(CONTENT_IDS.termsPage);
  if (terms) sources.push({ wp: terms, role: 'terms', name: decodeTitle(terms.title?.rendered ?? 'Terms') });
  for (const program of programs) {
    stopped();
    const programName = decodeTitle(program.title?.rendered ?? `Program ${program.id}`);
    sources.push({ wp: program, role: 'program', name: programName });
    report(0.02 * (sources.length / (programs.length + 2)), `Reading ${programName}`);
    try {
      for (const model of await children(program.id)) {
        sources.push({ wp: model, role: 'model', name: `${programName}: ${decodeTitle(model.title?.rendered ?? `Model ${model.id}`)}` });
      }
    } catch (err) {
      if (err instanceof ImportError && signal?.aborted) throw err;
      summary.failed.push({ what: `${programName} (its models)`, reason: err instanceof Error ? err.message : String(err) });
    }
  }

  // ---- 2. which portal id each page gets ---------------------------------------------------------
  const existing = await q.pageIds(db.kysely);
  const earlier = new Map((await q.importSourcesOf(db.kysely, siteKey)).map((row) => [row.source_id, row]));
  const claimed = await q.allImportedPageIds(db.kysely);
  const idOf = new Map<number, number>();
  const taken = new Set<number>();
  let next = Math.max(0, ...existing, ...claimed, ...sources.map((s) => s.wp.id)) + 1;
  for (const source of sources) {
    const fixed = source.role === 'root' ? CONTENT_IDS.programsRoot : source.role === 'terms' ? CONTENT_IDS.termsPage : null;
    const before = earlier.get(source.wp.id)?.page_id;
    let id: number;
    if (fixed !== null) id = fixed;
    else if (before !== undefined && !taken.has(before)) id = before;
    else if (!existing.has(source.wp.id) && !claimed.has(source.wp.id) && !taken.has(source.wp.id)) id = source.wp.id;
    else id = next++;
    taken.add(id);
    idOf.set(source.wp.id, id);
  }

  // ---- 3. each page: its row, its media, then one transaction -------------------------------------
  const limit = pool(options.concurrency ?? 6);
  const inRun = new Map<string, Promise<MediaOutcome>>();

  function pageRow(source: SourcePage, refs: Map<string, MediaRef>): NewPageRow {
    const { wp } = source;
    const localize = (value: string): string => {
      const found = classifyUrl(value, site);
      if (found.kind === 'media') {
        refs.set(found.url, { url: found.url, path: found.path });
        return found.path;
      }
      if (found.kind === 'foreign') {
        counts.skipped += 1;
        note(`${source.name}: ${found.url}`, 'on another host than the site: left as a link');
      }
      return value;
    };
    const deep = (value: unknown): unknown => {
      if (typeof value === 'string') return localize(value);
      if (Array.isArray(value)) return value.map(deep);
      if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
      return value;
    };
    const html = (text: string) =>
      text
        .replace(/(\s(?:src|href|poster)=)(["'])([^"']*)\2/gi, (_all, attr: string, quote: string, url: string) => `${attr}${quote}${localize(url.replace(/&amp;/g, '&')).replace(/&(?!amp;)/g, '&amp;')}${quote}`)
        .replace(/(\ssrcset=)(["'])([^"']*)\2/gi, (_all, attr: string, quote: string, set: string) => {
          const items = set.split(',').map((item) => {
            const [url = '', ...descriptor] = item.trim().split(/\s+/);
            return [localize(url), ...descriptor].join(' ');
          });
          return `${attr}${quote}${items.join(', ')}${quote}`;
        });
    const meta: Record<string, string> = {};
    for (const [key, values] of Object.entries(wp.metadata ?? {})) {
      const first = Array.isArray(values) ? values[0] : values;
      if (first === undefined || first === null || typeof first === 'object') continue;
      meta[key] = localize(String(first));
    }
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(wp)) if (!STANDARD_KEYS.has(key)) fields[key] = deep(value);
    return {
      id: idOf.get(wp.id) ?? wp.id,
      parent: wp.parent > 0 ? (idOf.get(wp.parent) ?? wp.parent) : 0,
      title: wp.title?.rendered ?? '',
      slug: wp.slug ?? '',
      status: 'draft',
      menu_order: Number(wp.menu_order) || 0,
      content: html(wp.content?.rendered ?? ''),
      excerpt: html(wp.excerpt?.rendered ?? ''),
      date: isoOf(wp.date_gmt, wp.date),
      modified: isoOf(wp.modified_gmt, wp.modified),
      meta_json: JSON.stringify(meta),
      fields_json: JSON.stringify(fields),
    };
  }

  async function fetchMedia(ref: MediaRef, known: { sha256: string; etag: string; path: string } | undefined): Promise<MediaOutcome> {
    try {
      const headers: Record<string, string> = known?.etag ? { 'if-none-match': known.etag } : {};
      const res = await fetchChecked(ref.url, { signal, timeoutMs, allow, maxBytes: MAX_MEDIA_BYTES, headers });
      if (res.status === 304 && known) return { ok: true, path: known.path, unchanged: true, converted: false, bytes: null, sha256: known.sha256, etag: known.etag };
      if (res.status !== 200) return { ok: false, reason: `${ref.url}: the site answered ${res.status}` };
      const hash = sha256(res.body);
      const etag = res.headers.get('etag') ?? '';
      if (known && known.sha256 === hash && (await media.read(mediaKeyOf(known.path) ?? '')) !== null) {
        return { ok: true, path: known.path, unchanged: true, converted: false, bytes: null, sha256: hash, etag };
      }
      const file = await prepareFile(res.body, ref.path);
      return { ok: true, path: file.path, unchanged: false, converted: file.converted, bytes: file.bytes, sha256: hash, etag };
    } catch (err) {
      if (signal?.aborted) throw new ImportError('The import was stopped.');
      return { ok: false, reason: `${ref.url}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  const total = sources.length;
  for (const [index, source] of sources.entries()) {
    stopped();
    const at = 0.02 + 0.98 * (index / Math.max(1, total));
    const what = `${source.name} (WordPress page ${source.wp.id})`;
    report(at, source.name);
    try {
      const refs = new Map<string, MediaRef>();
      const row = pageRow(source, refs);
      const hash = sha256(JSON.stringify([row.parent, row.title, row.slug, row.status, row.menu_order, row.content, row.excerpt, row.date, row.modified, row.meta_json, row.fields_json]));
      const previous = earlier.get(source.wp.id);
      const known = new Map((await q.importedMedia(db.kysely, [...refs.keys()])).map((m) => [m.source_url, m]));
      const allKnown = [...refs.values()].every((ref) => known.get(ref.url)?.path !== undefined);
      if (previous && previous.page_id === row.id && previous.content_hash === hash && existing.has(row.id) && allKnown) {
        summary.skipped += 1;
        counts.unchanged += refs.size;
        // Still waiting from an earlier import: this import's review shows it.
        if (jobId > 0 && previous.pending === 1) await q.claimPendingImport(db.kysely, siteKey, source.wp.id, jobId);
        continue;
      }
      // Nothing is downloaded for a page the import will not write.
      const inTrash = await trashed(db.kysely, row.id, row.parent);
      if (inTrash) throw inTrash;
      let done = 0;
      const outcomes = await Promise.all(
        [...refs.values()].map(async (ref) => {
          let outcome = inRun.get(ref.url);
          if (!outcome) {
            outcome = limit(() => fetchMedia(ref, known.get(ref.url)));
            inRun.set(ref.url, outcome);
          }
          const result = await outcome;
          done += 1;
          report(at + (0.98 / total) * (done / refs.size), `${source.name}, ${done} of ${refs.size} images`);
          return { ref, result };
        }),
      );
      const failures = outcomes.flatMap(({ result }) => (result.ok ? [] : [result.reason]));
      if (failures.length > 0) {
        summary.failed.push({ what, reason: `${failures.length} of ${refs.size} media files could not be imported: ${failures.slice(0, 3).join('; ')}${failures.length > 3 ? '; ...' : ''}` });
        continue;
      }
      // A file whose name gained an extension (none it could be shown by) is named so in the page too.
      let { fields_json: fieldsJson, meta_json: metaJson, content } = row;
      for (const { ref, result } of outcomes) {
        if (!result.ok || result.path === ref.path) continue;
        const swap = (text: string) => text.split(JSON.stringify(ref.path).slice(1, -1)).join(JSON.stringify(result.path).slice(1, -1));
        fieldsJson = swap(fieldsJson);
        metaJson = swap(metaJson);
        content = content.split(ref.path).join(result.path);
      }
      for (const { result } of outcomes) {
        if (!result.ok || result.bytes === null) continue;
        const key = mediaKeyOf(result.path);
        if (key === null) throw new Error(`${result.path} is not a path the media storage can hold`);
        await media.put(key, result.bytes);
      }
      const created = !existing.has(row.id);
      const ours = previous !== undefined && previous.page_id === row.id;
      await q.inTransaction(db, async (trx) => {
        const inTrashNow = await trashed(trx, row.id, row.parent);
        if (inTrashNow) throw inTrashNow;
        const current = await q.findPage(trx, row.id);
        const fromSite = { ...row, fields_json: fieldsJson, meta_json: metaJson, content };
        const page = current && source.role === 'program' ? withPortalAudience(fromSite, current) : fromSite;
        let createdPage = current ? 0 : 1;
        if (current?.status === 'publish') {
          if (current.draft_json !== null && !(ours && previous?.pending === 1)) throw new StudioDraftInTheWay();
          await q.updateStudioPage(trx, row.id, { draft_json: draftOf(page) });
        } else {
          if (current && ours) createdPage = previous?.created_page ?? 0;
          await q.writeImportedPage(trx, page);
        }
        await q.saveImportSource(trx, { site: siteKey, source_id: source.wp.id, page_id: row.id, content_hash: hash, job_id: jobId, pending: 1, created_page: createdPage });
        for (const { ref, result } of outcomes) {
          if (result.ok) await q.saveImportedMedia(trx, { source_url: ref.url, path: result.path, sha256: result.sha256, etag: result.etag });
        }
      });
      existing.add(row.id);
      for (const { result } of outcomes) {
        if (!result.ok) continue;
        if (result.unchanged || result.bytes === null) counts.unchanged += 1;
        else counts.downloaded += 1;
        if (result.converted) counts.converted += 1;
      }
      if (created) summary.created += 1;
      else summary.updated += 1;
    } catch (err) {
      if (signal?.aborted) throw new ImportError('The import was stopped.');
      summary.failed.push({ what, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  report(1, `Done: ${summary.created} created, ${summary.updated} updated, ${summary.skipped} unchanged, ${summary.failed.length} failed`);
  return summary;
}
