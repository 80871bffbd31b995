/**
 * The programs a WordPress site has, for the office to choose which to import: the children of the
 * programs page (127) from the site's public REST API, each with how many models it has. Read with
 * the import's own address rules (checkImportUrl, fetchChecked), so listing reaches nothing an
 * import could not.
 */
import { CONTENT_IDS, type StudioImportSiteProgram } from '../../contract';
import { checkImportUrl, fetchChecked, type AllowList } from './http';
import { decodeTitle, ImportError } from './wordpress';

export interface SiteProgramsOptions {
  url: string;
  allowAddresses?: AllowList;
  signal?: AbortSignal;
  /** Per request (15 s). */
  timeoutMs?: number;
}

const MAX_LIST_BYTES = 5 * 1024 * 1024;
const MAX_PAGES = 20;

export async function listSitePrograms(options: SiteProgramsOptions): Promise<StudioImportSiteProgram[]> {
  const allow = options.allowAddresses ?? [];
  const base = await checkImportUrl(options.url, allow);
  const siteKey = base.origin + base.pathname.replace(/\/+$/, '');
  const api = `${siteKey}/wp-json/wp/v2/pages`;
  const get = async (url: string) => {
    const res = await fetchChecked(url, { timeoutMs: options.timeoutMs ?? 15_000, maxBytes: MAX_LIST_BYTES, allow, headers: { accept: 'application/json' }, ...(options.signal ? { signal: options.signal } : {}) });
    let body: unknown = null;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      // said below, with the status
    }
    if (res.status !== 200 || !Array.isArray(body)) throw new ImportError(`${siteKey} did not list its programs (${api}?parent=${CONTENT_IDS.programsRoot} answered ${res.status}): is it a WordPress site with its REST API on?`);
    return { list: body as { id?: unknown; title?: { rendered?: unknown }; menu_order?: unknown }[], headers: res.headers };
  };

  // Only the fields shown: a site's pages carry every gallery otherwise.
  const programs: { id: number; title: string; order: number }[] = [];
  for (let page = 1, total = 1; page <= total && page <= MAX_PAGES; page += 1) {
    const { list, headers } = await get(`${api}?parent=${CONTENT_IDS.programsRoot}&per_page=100&page=${page}&_fields=id,title,menu_order`);
    for (const item of list) {
      if (typeof item.id !== 'number' || !Number.isInteger(item.id) || item.id < 1) continue;
      const rendered = typeof item.title?.rendered === 'string' ? item.title.rendered : '';
      programs.push({ id: item.id, title: decodeTitle(rendered) || `Program ${item.id}`, order: Number(item.menu_order) || 0 });
    }
    total = Math.max(1, Number(headers.get('x-wp-totalpages') ?? '1') || 1);
  }

  // How many models each has: WordPress says the total of a one-item list in X-WP-Total (four asked at once).
  const counted: (StudioImportSiteProgram & { order: number })[] = programs.map((program) => ({ ...program, models: null }));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < counted.length; i = next++) {
      const program = counted[i]!;
      try {
        const { headers } = await get(`${api}?parent=${program.id}&per_page=1&_fields=id`);
        const total = Number(headers.get('x-wp-total'));
        if (headers.has('x-wp-total') && Number.isInteger(total) && total >= 0) program.models = total;
      } catch (err) {
        if (options.signal?.aborted) throw err;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return counted.sort((a, b) => a.order - b.order || a.id - b.id).map(({ order: _order, ...program }) => program);
}
