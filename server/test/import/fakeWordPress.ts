/**
 * A small fake WordPress (node:http) that answers wp/v2/pages like the peer's mu-plugin and serves
 * media from a table, with a seeded catalogue: the programs root (127), the terms page (51), two
 * programs (130, which the demo holds too, and 5000) and three models. The import tests and the
 * studio's browser journey import from it.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60" viewBox="0 0 80 60"><rect width="80" height="60" fill="#e8eefc"/><text x="4" y="30" font-size="8">${label}</text></svg>`;

export interface FakePage {
  id: number;
  parent: number;
  title: string;
  slug: string;
  menu_order: number;
  metadata: Record<string, string[]>;
  fields: Record<string, unknown>;
  content?: string;
}

/** A WordPress that answers wp/v2/pages like the peer's mu-plugin, and serves media from a table. */
export class FakeWordPress {
  server!: Server;
  origin = '';
  pages = new Map<number, FakePage>();
  media = new Map<string, { type: string; body: Buffer }>();
  /** Lists of these parents leave the custom fields out (the importer must fetch each page). */
  thinLists = new Set<number>();
  /** While set, the programs list waits for it (a long-running import). */
  gate: Promise<void> | null = null;
  requests: string[] = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.answer(req.url ?? '/', res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private wire(page: FakePage, thin = false) {
    return {
      id: page.id,
      date: '2024-03-01T10:00:00',
      date_gmt: '2024-03-01T08:00:00',
      guid: { rendered: `${this.origin}/?page_id=${page.id}` },
      modified: '2024-03-02T10:00:00',
      modified_gmt: '2024-03-02T08:00:00',
      slug: page.slug,
      status: 'publish',
      type: 'page',
      link: `${this.origin}/${page.slug}/`,
      title: { rendered: page.title },
      content: { rendered: page.content ?? `<p>${page.title}</p>`, protected: false },
      excerpt: { rendered: '', protected: false },
      author: 1,
      featured_media: 0,
      parent: page.parent,
      menu_order: page.menu_order,
      comment_status: 'closed',
      ping_status: 'closed',
      template: '',
      meta: [],
      ...(thin ? {} : { metadata: page.metadata, ...page.fields }),
      _links: { self: [{ href: `${this.origin}/wp-json/wp/v2/pages/${page.id}` }] },
    };
  }

  private async answer(rawUrl: string, res: ServerResponse): Promise<void> {
    this.requests.push(rawUrl);
    const url = new URL(rawUrl, this.origin);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const single = /^\/wp-json\/wp\/v2\/pages\/(\d+)$/.exec(url.pathname);
    if (single) {
      const page = this.pages.get(Number(single[1]));
      return page ? json(200, this.wire(page)) : json(404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
    }
    if (url.pathname === '/wp-json/wp/v2/pages') {
      const parent = Number(url.searchParams.get('parent'));
      if (parent === 127 && this.gate) await this.gate;
      const children = [...this.pages.values()].filter((p) => p.parent === parent);
      // One item per page of the list, so every list has several pages (X-WP-TotalPages).
      const n = Number(url.searchParams.get('page') ?? '1');
      const item = children[n - 1];
      return json(200, item ? [this.wire(item, this.thinLists.has(parent))] : [], { 'X-WP-Total': String(children.length), 'X-WP-TotalPages': String(children.length) });
    }
    const file = this.media.get(url.pathname);
    if (file) {
      res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length) });
      res.end(file.body);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html>Not found</html>');
  }
}

export const gallery = (origin: string, folder: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ original: `${origin}/progrmas/${folder}/${i + 1}.jpg`, thumbnail: `${origin}/progrmas/${folder}/thumbnails/${i + 1}.jpg` }));

export async function seedFake(wp: FakeWordPress): Promise<void> {
  const o = wp.origin;
  const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c33' } }).png().toBuffer();
  const page = (p: Omit<FakePage, 'slug' | 'menu_order' | 'metadata' | 'fields'> & Partial<FakePage>) =>
    wp.pages.set(p.id, { slug: p.title.toLowerCase().replace(/\W+/g, '-'), menu_order: 0, metadata: {}, fields: {}, ...p });
  page({ id: 127, parent: 0, title: 'Programs' });
  page({
    id: 51,
    parent: 0,
    title: 'Terms &#038; Conditions',
    content: `<p>Read <a href="${o}/privacy/">this</a>.</p><img src="${o}/wp-content/uploads/2024/01/kit.png" srcset="${o}/wp-content/uploads/2024/01/kit.png 20w, https://cdn.example.test/kit-2x.png 40w">`,
  });
  // 130 is the demo's Play Machines 1: this program needs another id. 5000 is free: it keeps its id.
  page({
    id: 130,
    parent: 127,
    title: 'Gears Program',
    menu_order: 1,
    metadata: { order: ['1'], hide: ['0'], program_logo: [`${o}/progrmas/Gears/logo.png`] },
    fields: { program_logo: `${o}/progrmas/Gears/logo.png`, lego_long: false, program_name: 'Gears' },
  });
  page({ id: 5000, parent: 127, title: 'Levers Program', menu_order: 2, metadata: { order: ['2'], hide: ['0'] }, fields: { program_logo: false, program_name: 'Levers' } });
  const model = (id: number, parent: number, title: string, folder: string, count: number) =>
    page({
      id,
      parent,
      title,
      menu_order: 1,
      metadata: { order: ['1'], experimental_model: ['0'], lesson_password: [String(4000 + id).slice(-4)], lesson_plans_url: [`${o}/lesson-plans/${folder}.pdf`] },
      fields: {
        small_image: `${o}/progrmas/${folder}/small.png`,
        single_model_lego_color: 'https://cdn.example.test/title.png',
        show_in_diffrent_tabs: false,
        lesson_0_gallery: gallery(o, folder, count),
        lesson_1_gallery: false,
        lesson_0_video_frame: '',
      },
    });
  model(131, 130, 'Crank', 'Gears/Crank', 3);
  model(5001, 130, 'Winch', 'Gears/Winch', 2);
  model(5002, 5000, 'Seesaw', 'Levers/Seesaw', 4);
  wp.thinLists.add(5000);
  wp.media.set('/wp-content/uploads/2024/01/kit.png', { type: 'image/png', body: png });
  for (const folder of ['Gears', 'Gears/Crank', 'Gears/Winch', 'Levers/Seesaw']) {
    wp.media.set(`/progrmas/${folder}/logo.png`, { type: 'image/png', body: png });
    wp.media.set(`/progrmas/${folder}/small.png`, { type: 'image/png', body: png });
    for (let i = 1; i <= 4; i += 1) {
      // As the peer: SVG placeholders for .jpg names.
      wp.media.set(`/progrmas/${folder}/${i}.jpg`, { type: 'image/svg+xml', body: Buffer.from(svg(`${folder} ${i}`)) });
      wp.media.set(`/progrmas/${folder}/thumbnails/${i}.jpg`, { type: 'image/svg+xml', body: Buffer.from(svg(`${folder} thumb ${i}`)) });
    }
  }
}
