/**
 * Content pages as the WordPress REST API serves them (the API contract's section on content), with
 * this portal's rules (its section on the backend's additions): unlock codes only for administrators and franchise owners, an
 * `unlocked` flag for a signed-in student, hidden programs (and what lies under them) only for
 * administrators, programs for teachers only for franchise owners and administrators, and for a
 * student her own program marked `enrolled` (and, when the administrators say so, no other).
 */
import { CONTENT_IDS, type WirePage } from '../../contract';
import { ApiError, invalidPostId } from '../errors';
import * as q from '../db/queries';
import type { PageRow } from '../db/schema';
import { mapHtmlMediaPaths, mapMediaPaths, mediaUrlPolicy, OWNER_ONLY_MEDIA_META, PUBLIC_MEDIA_FIELDS, type MediaUrlPolicy } from '../media/mediaAccess';
import type { MediaSigner } from '../media/signedUrls';
import { responsiveSizesOf } from '../media/imagePipeline';
import { isAdmin, isPrivileged, isStudent, type DomainContext, type Viewer } from './context';
import { CODE_META_KEY, parseMeta, parseObject } from './pageState';
import { keepFields, type FieldList } from './responseFields';
import { audienceOf, namesProgram, studentScope, type StudentScope } from './programAudience';

export type PageOrderBy = 'date' | 'id' | 'menu_order' | 'title' | 'slug';

export interface PageQuery {
  parent?: number[];
  slug?: string[];
  perPage: number;
  page: number;
  orderby: PageOrderBy;
  order: 'asc' | 'desc';
}

export interface PageList {
  items: WirePage[];
  total: number;
  totalPages: number;
}

/** Fields of a WordPress page object that a custom field may not overwrite. */
const RESERVED = new Set([
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content',
  'excerpt', 'author', 'featured_media', 'parent', 'menu_order', 'comment_status', 'ping_status', 'template', 'meta',
  'metadata', 'unlocked', 'enrolled', '_links',
]);

const isProgram = (row: PageRow): boolean => row.parent === CONTENT_IDS.programsRoot;

function namesOf(row: PageRow): { title: string; programName: string } {
  const programName = parseMeta(row).program_name ?? parseObject(row.fields_json).program_name;
  return { title: row.title, programName: typeof programName === 'string' ? programName : '' };
}

export function hasCode(row: PageRow): boolean {
  const code = parseMeta(row)[CODE_META_KEY];
  return typeof code === 'string' && code !== '';
}

/** Root-relative URLs ("/progrmas/...") become absolute on this site, as WordPress sends them. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') && !value.startsWith('//') ? origin + value : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]));
  }
  return value;
}

function absolutizeHtml(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href|poster)=["'])\/(?!\/)/g, `$1${origin}/`);
}

const wpDate = (iso: string): string => iso.replace(/\.\d{3}Z$|Z$/, '');

/** Loads pages once per request and answers whether a viewer may see one. */
class Visibility {
  private readonly cache = new Map<number, PageRow | null>();
  private scope: Promise<StudentScope> | null = null;
  constructor(
    private readonly ctx: DomainContext,
    private readonly viewer: Viewer,
  ) {}

  /** Rows already loaded (a full list) need no second query when their children ask for them. */
  remember(rows: readonly PageRow[]): void {
    for (const row of rows) this.cache.set(row.id, row);
  }

  async load(id: number): Promise<PageRow | null> {
    if (!this.cache.has(id)) this.cache.set(id, (await q.findPage(this.ctx.db.kysely, id)) ?? null);
    return this.cache.get(id) ?? null;
  }

  /** The student's program and the administrators' setting, read once per request. */
  studentScope(): Promise<StudentScope> {
    this.scope ??= studentScope(this.ctx.db.kysely, this.viewer!.id);
    return this.scope;
  }

  /**
   * Published, and for everyone but administrators neither it nor any ancestor hidden; a program
   * for teachers (and what lies under it) only for franchise owners; for a student whom the
   * administrators limit to her own program, only under that program.
   */
  async visible(row: PageRow): Promise<boolean> {
    if (row.status !== 'publish') return false;
    if (isAdmin(this.viewer)) return true;
    const seen = new Set<number>();
    let current: PageRow | null = row;
    while (current && !seen.has(current.id)) {
      const audience = audienceOf(parseMeta(current));
      if (audience === 'hidden') return false;
      if (audience === 'teachers' && !isPrivileged(this.viewer)) return false;
      if (isProgram(current) && isStudent(this.viewer)) {
        const scope = await this.studentScope();
        if (scope.enrolledOnly && !namesProgram(scope.program, namesOf(current))) return false;
      }
      seen.add(current.id);
      current = current.parent > 0 ? await this.load(current.parent) : null;
    }
    return true;
  }
}

/** How a page answer presents its media: who is asking, and what signs their URLs. */
export interface MediaView {
  signer: MediaSigner;
  now: Date;
  /** Pages inside a hidden program (only administrators see them): even their public pictures go signed. */
  hidden: ReadonlySet<number>;
}

/**
 * A lesson (a page with an unlock code) opens for owners and administrators, and for a student
 * who unlocked it; a page without a code opens for everyone who may see it (visibility, hidden
 * programs included, is decided before this).
 */
function mayOpen(viewer: Viewer, code: string | undefined, row: PageRow, unlocked: ReadonlySet<number>): boolean {
  if (typeof code !== 'string' || code === '' || isPrivileged(viewer)) return true;
  return isStudent(viewer) && unlocked.has(row.id);
}

function fieldMedia(key: string, value: unknown, policy: MediaUrlPolicy, hidden: boolean): unknown {
  return mapMediaPaths(value, PUBLIC_MEDIA_FIELDS.has(key) && !hidden ? policy.publicUrl : policy.lessonUrl);
}

const GALLERY_FIELD = /^lesson_\d+_gallery$/;

/**
 * A gallery's items as presented, each studio-made step with its generated sizes (srcset, sizes),
 * signed like its original; other items as they are.
 */
function withResponsiveSizes(raw: unknown, presented: unknown, url: (path: string) => string): unknown {
  if (!Array.isArray(raw) || !Array.isArray(presented)) return presented;
  return presented.map((item: unknown, i) => {
    const stored: unknown = raw[i];
    if (typeof item !== 'object' || item === null || typeof stored !== 'object' || stored === null) return item;
    const { original, originalWidth } = stored as { original?: unknown; originalWidth?: unknown };
    const sizes = responsiveSizesOf(original, originalWidth, url);
    return sizes ? { ...item, ...sizes } : item;
  });
}

/**
 * A lesson's picture (a stored path or URL) as a page answer gives it to a franchise owner or an
 * administrator: a media path signed for them and made absolute on this site; '' for anyone else.
 */
export function lessonMediaUrl(value: string, viewer: Viewer, origin: string, media: Pick<MediaView, 'signer' | 'now'>): string {
  const policy = mediaUrlPolicy(media.signer, viewer?.id ?? 0, isPrivileged(viewer), isPrivileged(viewer), media.now);
  return absolutize(mapMediaPaths(value, policy.lessonUrl), origin) as string;
}

export function presentPage(row: PageRow, viewer: Viewer, unlocked: ReadonlySet<number>, origin: string, media: MediaView, scope: StudentScope | null = null): WirePage {
  const meta = parseMeta(row);
  const code = meta[CODE_META_KEY];
  const policy = mediaUrlPolicy(media.signer, viewer?.id ?? 0, mayOpen(viewer, code, row, unlocked), isPrivileged(viewer), media.now);
  const rawFields = parseObject(row.fields_json);
  const fields = absolutize(Object.fromEntries(Object.entries(rawFields).map(([k, v]) => [k, fieldMedia(k, v, policy, media.hidden.has(row.id))])), origin) as Record<string, unknown>;
  const lessonUrl = (path: string) => absolutize(policy.lessonUrl(path), origin) as string;
  for (const key of Object.keys(fields)) if (GALLERY_FIELD.test(key)) fields[key] = withResponsiveSizes(rawFields[key], fields[key], lessonUrl);
  const metadata: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(meta)) {
    if (key === CODE_META_KEY && !isPrivileged(viewer)) continue;
    const text = String(value);
    if (!key.endsWith('_url')) {
      metadata[key] = [text];
      continue;
    }
    const shown = mapMediaPaths(text, OWNER_ONLY_MEDIA_META.has(key) ? policy.ownerUrl : policy.lessonUrl) as string;
    metadata[key] = [absolutize(shown, origin) as string];
  }
  const custom = Object.fromEntries(Object.entries(fields).filter(([key]) => !RESERVED.has(key)));
  const page: WirePage = {
    id: row.id,
    date: wpDate(row.date),
    date_gmt: wpDate(row.date),
    guid: { rendered: `${origin}/?page_id=${row.id}` },
    modified: wpDate(row.modified),
    modified_gmt: wpDate(row.modified),
    slug: row.slug,
    status: row.status,
    type: 'page',
    link: `${origin}/${row.slug}/`,
    title: { rendered: row.title },
    content: { rendered: absolutizeHtml(mapHtmlMediaPaths(row.content, policy.lessonUrl), origin), protected: false },
    excerpt: { rendered: row.excerpt, protected: false },
    author: 1,
    featured_media: 0,
    parent: row.parent,
    menu_order: row.menu_order,
    comment_status: 'closed',
    ping_status: 'closed',
    template: '',
    ...custom,
    metadata,
  };
  if (isStudent(viewer) && typeof code === 'string' && code !== '') page.unlocked = unlocked.has(row.id);
  if (scope && isProgram(row)) page.enrolled = namesProgram(scope.program, namesOf(row));
  return page;
}

async function unlockedFor(ctx: DomainContext, viewer: Viewer): Promise<ReadonlySet<number>> {
  return viewer && isStudent(viewer) ? q.unlockedPageIds(ctx.db.kysely, viewer.id) : new Set<number>();
}

/**
 * The ids of these rows that an anonymous visitor may not see (in a hidden program, or one for
 * teachers): only administrators and franchise owners get any, and their pictures go signed.
 */
async function hiddenAmong(ctx: DomainContext, viewer: Viewer, rows: readonly PageRow[]): Promise<Set<number>> {
  const hidden = new Set<number>();
  if (!isPrivileged(viewer)) return hidden;
  const everyone = new Visibility(ctx, null);
  for (const row of rows) if (row.status === 'publish' && !(await everyone.visible(row))) hidden.add(row.id);
  return hidden;
}

/** A page the viewer may see, or 404 rest_post_invalid_id. */
export async function findVisiblePage(ctx: DomainContext, viewer: Viewer, id: number): Promise<PageRow> {
  const visibility = new Visibility(ctx, viewer);
  const row = await visibility.load(id);
  if (!row || !(await visibility.visible(row))) throw invalidPostId();
  return row;
}

export async function getPage(ctx: DomainContext, viewer: Viewer, id: number, origin: string, signer: MediaSigner): Promise<WirePage> {
  const visibility = new Visibility(ctx, viewer);
  const row = await visibility.load(id);
  if (!row || !(await visibility.visible(row))) throw invalidPostId();
  const hidden = await hiddenAmong(ctx, viewer, [row]);
  const scope = isStudent(viewer) ? await visibility.studentScope() : null;
  return presentPage(row, viewer, await unlockedFor(ctx, viewer), origin, { signer, now: ctx.clock(), hidden }, scope);
}

/** Writes an answer as JSON text with only the fields the route declares (its serializer). */
export type SerializeAnswer = (answer: unknown) => string;

/** A serialized wp/v2/pages answer, with the list headers it goes out with. */
export interface PageAnswer {
  body: Buffer;
  total: number;
  totalPages: number;
}

/**
 * wp/v2/pages answers (one page, or a list), serialized once and served again while nothing they
 * depend on has changed: the content version (bumped in the transaction of every pages write, on
 * any instance), the viewer's role and id (their signed URLs), a student's unlocks, the signed URLs'
 * expiry step, the site origin and the query with its `_fields`. Without it every read signed every
 * media URL anew. The body is written by `serialize`, the route's declared answer, as the route's
 * serializer would write it.
 */
export class PageAnswerCache {
  private readonly entries = new Map<string, PageAnswer>();
  constructor(private readonly maxEntries = 2000) {}

  async page(ctx: DomainContext, viewer: Viewer, id: number, origin: string, signer: MediaSigner, serialize: SerializeAnswer, fields?: FieldList): Promise<Buffer> {
    const answer = await this.remember(ctx, viewer, origin, signer, (unlocked) => ['page', id, unlocked.has(id) ? 1 : 0, JSON.stringify(fields ?? [])], async () => {
      const page = await getPage(ctx, viewer, id, origin, signer);
      return { body: Buffer.from(serialize(keepFields(page, fields))), total: 1, totalPages: 1 };
    });
    return answer.body;
  }

  list(ctx: DomainContext, viewer: Viewer, query: PageQuery, origin: string, signer: MediaSigner, serialize: SerializeAnswer, fields?: FieldList): Promise<PageAnswer> {
    const unlockedIds = (unlocked: ReadonlySet<number>) => [...unlocked].sort((x, y) => x - y).join(',');
    return this.remember(ctx, viewer, origin, signer, (unlocked) => ['list', JSON.stringify([query, fields ?? []]), unlockedIds(unlocked)], async () => {
      const list = await listPages(ctx, viewer, query, origin, signer);
      const items = list.items.map((item) => keepFields(item, fields));
      return { body: Buffer.from(serialize(items)), total: list.total, totalPages: list.totalPages };
    });
  }

  private async remember(
    ctx: DomainContext,
    viewer: Viewer,
    origin: string,
    signer: MediaSigner,
    keyOf: (unlocked: ReadonlySet<number>) => (string | number)[],
    build: () => Promise<PageAnswer>,
  ): Promise<PageAnswer> {
    // Administrators edit content: their own next read must show their change, whichever instance answers.
    const fresh = viewer?.role === 'administrator';
    const [version, unlocked, scope] = await Promise.all([
      ctx.db.changeVersions.current('content', { fresh }),
      unlockedFor(ctx, viewer),
      // A student's program and the administrators' setting change what she sees without a content change.
      viewer && isStudent(viewer) ? studentScope(ctx.db.kysely, viewer.id) : null,
    ]);
    const scopeKey = scope ? JSON.stringify([scope.program, scope.enrolledOnly]) : '';
    const key = [...keyOf(unlocked), version, viewer?.role ?? '', viewer?.id ?? 0, signer.expiryAt(ctx.clock()), origin, scopeKey].join('|');
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const answer = await build();
    this.entries.set(key, answer);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }
}

function compare(orderby: PageOrderBy): (a: PageRow, b: PageRow) => number {
  const key = (r: PageRow): string | number => (orderby === 'title' ? r.title.toLowerCase() : orderby === 'id' ? r.id : r[orderby]);
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -1;
    if (ka > kb) return 1;
    return a.id - b.id;
  };
}

export async function listPages(ctx: DomainContext, viewer: Viewer, query: PageQuery, origin: string, signer: MediaSigner): Promise<PageList> {
  const visibility = new Visibility(ctx, viewer);
  const candidates = query.parent ? await q.listChildPages(ctx.db.kysely, query.parent) : await q.listAllPages(ctx.db.kysely);
  const visible: PageRow[] = [];
  for (const row of candidates) {
    if (query.slug && !query.slug.includes(row.slug)) continue;
    if (await visibility.visible(row)) visible.push(row);
  }
  const sorted = visible.sort(compare(query.orderby));
  if (query.order === 'desc') sorted.reverse();
  const total = sorted.length;
  const totalPages = Math.ceil(total / query.perPage);
  if (total > 0 && query.page > totalPages) {
    throw new ApiError(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.');
  }
  const slice = sorted.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const unlocked = await unlockedFor(ctx, viewer);
  const media = { signer, now: ctx.clock(), hidden: await hiddenAmong(ctx, viewer, slice) };
  const scope = isStudent(viewer) ? await visibility.studentScope() : null;
  return { items: slice.map((row) => presentPage(row, viewer, unlocked, origin, media, scope)), total, totalPages };
}

/**
 * The media paths anyone may load without a signature: the public pictures (PUBLIC_MEDIA_FIELDS)
 * of published pages outside hidden programs.
 */
export async function publicMediaPaths(ctx: DomainContext): Promise<Set<string>> {
  const visibility = new Visibility(ctx, null);
  const rows = await q.listAllPages(ctx.db.kysely);
  visibility.remember(rows);
  const paths = new Set<string>();
  for (const row of rows) {
    if (!(await visibility.visible(row))) continue;
    const fields = parseObject(row.fields_json);
    for (const key of PUBLIC_MEDIA_FIELDS) {
      mapMediaPaths(fields[key], (path) => {
        paths.add(path);
        return path;
      });
    }
  }
  return paths;
}
