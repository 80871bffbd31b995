import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_IDS } from '../../../contract';
import { NEW_PART_BOX, STEP_TITLE_X, clipFrames, generateDemoAssets, shownTitleFontPx, stepSvg, titleImageLayout, titleSvg } from '../../seed/assets';
import { CLIPS_MANIFEST, framesHash, sha256, type ClipRecord } from '../../seed/clips';
import { boldTextWidth } from '../../seed/textFit';
import { demoModels, demoPages, demoStudents, demoUsers, stepImageUrl, videoIdOf, type SeedPage } from '../../seed/demoData';
import { localStorage } from '../../media/storage';

const pages = demoPages();
const page = (id: number) => pages.find((p) => p.id === id)!;
const childrenOf = (parent: number) => pages.filter((p) => p.parent === parent);
const byTitle = (parent: number, title: string) => childrenOf(parent).find((p) => p.title === title)!;
const inOrder = (parent: number, experimental: string) =>
  childrenOf(parent)
    .filter((p) => p.meta.experimental_model === experimental && p.id !== CONTENT_IDS.kitContentsLesson)
    .sort((a, b) => Number(a.meta.order) - Number(b.meta.order))
    .map((p) => p.title);

describe('demo accounts (the demo data spec)', () => {
  const users = demoUsers();
  const user = (username: string) => users.find((u) => u.username === username)!;

  it('has the five documented sign-ins with their roles, e-mails and passwords', () => {
    expect(user('admin')).toMatchObject({ role: 'administrator', email: 'admin@demo.portal.test', password: 'demo-admin-2026', displayName: 'Office Admin' });
    expect(user('dana')).toMatchObject({ role: 'franchise_owner', email: 'dana.cohen@demo.portal.test', password: 'demo-owner-2026', country: 'Israel', state: 'Tel Aviv', territory: 'Center' });
    expect(user('lee')).toMatchObject({ role: 'franchise_owner', email: 'lee.wong@demo.portal.test', country: 'Singapore', state: 'Singapore', territory: 'Central' });
    expect(user('maria')).toMatchObject({ role: 'franchise_owner', email: 'maria.garcia@demo.portal.test', country: 'United States', state: 'Texas', territory: 'Austin' });
    expect(user('mia')).toMatchObject({ role: 'student', email: 'parent.mia@demo.portal.test', password: 'demo-student-2026', displayName: 'Mia Levi', teacherUsername: 'dana' });
  });

  it('gives Dana at least 8, Lee at least 5 and Maria at least 12 students, each with a matching student user', () => {
    const students = demoStudents();
    const count = (owner: string) => students.filter((s) => s.teacherUsername === owner).length;
    expect(count('dana')).toBeGreaterThanOrEqual(8);
    expect(count('lee')).toBeGreaterThanOrEqual(5);
    expect(count('maria')).toBeGreaterThanOrEqual(12);
    for (const s of students) {
      expect(user(s.username)).toMatchObject({ role: 'student', teacherUsername: s.teacherUsername, email: s.parentEmail });
    }
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
    expect(new Set(students.map((s) => s.program)).size).toBeGreaterThan(4);
    expect(students.find((s) => s.username === 'mia')).toMatchObject({ program: 'Play Machines 1', teacherUsername: 'dana' });
  });
});

describe('demo content pages (the demo data spec)', () => {
  it('has the fixed pages and programs, with Robotics 1 hidden', () => {
    expect(page(51).title).toBe('Terms of Use');
    expect(page(51).contentHtml).toMatch(/<h2>[\s\S]*<ul>[\s\S]*<a href=/);
    expect(page(127).parent).toBe(0);
    expect(page(130)).toMatchObject({ title: 'Play Machines 1', parent: 127, meta: expect.objectContaining({ order: '1', hide: '0' }) });
    expect(page(167)).toMatchObject({ title: 'Play Machines 2', parent: 127, meta: expect.objectContaining({ order: '2' }) });
    expect(page(7767)).toMatchObject({ title: 'Teacher Training', parent: 127, meta: expect.objectContaining({ hide: '0' }) });
    expect(childrenOf(127).find((p) => p.title === 'Robotics 1')?.meta.hide).toBe('1');
    for (const program of childrenOf(127)) {
      for (const field of ['lego_long', 'program_logo', 'program_desktop_backgroung', 'program_mobile_backgroung']) expect(program.fields[field]).toEqual(expect.any(String));
      for (const key of ['order', 'hide', 'title', 'program_name']) expect(program.meta[key]).toEqual(expect.any(String));
    }
    expect(page(793)).toMatchObject({ title: 'Kit Contents', parent: 130 });
  });

  it('lists every model of spec section 3 in order, main and experimental', () => {
    expect(inOrder(130, '0')).toEqual(['Catapult', 'Flying Chairs', 'Turning Basket', 'Delivery Box', 'Slow Fast Fan', 'Spinning Top Launcher', 'Mixer', 'Portable Sky Wheel', 'Gearbox Ride Control', 'Seesaw']);
    expect(inOrder(130, '1')).toEqual(['Centrifugal Force', 'Double Speed Increasing Transmission', 'Double Speed Decreasing Transmission', 'Fast and Slow Transmission', 'Gearbox', 'Mechanical Cam', 'Simple Gear Transmission', 'Perimeter', 'Rolling And Sliding', 'Speed Increasing Transmission']);
    expect(inOrder(167, '0')).toEqual(['Lawn Mower', 'Fortune Wheel', 'Scissor Lift', 'Worm Robot', 'Ballerina', 'Tea Cup Family Ride', 'Outdoor Swing', 'Continuous Turning Fan', 'Alibaba Amusement Ride', 'Portable Claw Machine']);
    expect(inOrder(167, '1')).toEqual(['Fast and Slow Transmission', 'Ratchet', 'Kinematic Chain', 'Worm Gear', 'Continuous Back And Forth', 'Multiple Output Gear', '3-Bars Oscillation Mechanism', '4-Bars Oscillation Mechanism', 'Gravity Quick Return Mechanism', 'Gripping Mechanism']);
  });

  it('gives every model a unique 4-digit code within its program, a title image, a small picture and a lesson plan', () => {
    for (const programId of [130, 167]) {
      const models = childrenOf(programId);
      const codes = models.map((m) => m.meta.lesson_password);
      expect(codes.every((c) => /^\d{4}$/.test(c ?? ''))).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
      for (const m of models) {
        expect(m.fields.single_model_lego_color).toEqual(expect.any(String));
        expect(m.fields.small_image).toEqual(expect.any(String));
        expect(m.meta.lesson_plans_title).toBeTruthy();
        expect(m.meta.lesson_plans_url).toMatch(/^\/content\/lesson-plans\/.+\.html$/);
      }
    }
  });

  it('has Catapult (2468, 21 images, tabs Build/Experiment/Video) and Lawn Mower (1357, 51 images in one gallery)', () => {
    const catapult = byTitle(130, 'Catapult');
    expect(catapult.meta.lesson_password).toBe('2468');
    expect(catapult.fields.show_in_diffrent_tabs).toBe(true);
    expect([0, 1, 2].map((i) => catapult.meta[`lesson_${i}_tab_title`])).toEqual(['Build', 'Experiment', 'Video']);
    const gallery = (p: SeedPage, i: number) => p.fields[`lesson_${i}_gallery`] as { original: string; embedUrl?: string }[];
    expect(gallery(catapult, 0).length + gallery(catapult, 1).length).toBe(21);
    expect(gallery(catapult, 2)[0]!.embedUrl).toMatch(/\/content\/videos\/embed\/.+\.html$/);
    expect(catapult.fields.lesson_2_video_frame).toEqual({ url: gallery(catapult, 2)[0]!.embedUrl });
    const lawnMower = byTitle(167, 'Lawn Mower');
    expect(lawnMower.meta.lesson_password).toBe('1357');
    expect(lawnMower.fields.show_in_diffrent_tabs).toBe(false);
    expect(gallery(lawnMower, 0)).toHaveLength(51);
    expect(lawnMower.meta.image_count).toBe('51');
  });

  it('has the tabs of the tabbed models and at least three other models with a video', () => {
    const tabs = (title: string) => JSON.parse(byTitle(130, title).meta.image_tabs!).map((t: { title: string }) => t.title);
    expect(tabs('Perimeter')).toEqual(['Small Perimeter', 'Big Perimeter']);
    expect(tabs('Rolling And Sliding')).toEqual(['Rolling', 'Sliding']);
    expect(tabs('Speed Increasing Transmission')).toEqual(['8 Gear', '24 Gear', '40 Gear']);
    const withVideo = pages.filter((p) => p.title !== 'Catapult' && Object.keys(p.meta).some((k) => /^lesson_\d_videoid$/.test(k)));
    expect(withVideo.length).toBeGreaterThanOrEqual(3);
  });
});

describe('generated demo assets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'demo-assets-'));
    await generateDemoAssets(localStorage(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const urlsOf = (value: unknown): string[] => {
    if (typeof value === 'string') return /^\/(progrmas|content)\//.test(value) ? [value] : [];
    if (Array.isArray(value)) return value.flatMap(urlsOf);
    if (value && typeof value === 'object') return Object.values(value).flatMap(urlsOf);
    return [];
  };

  it('writes a file for every URL the pages reference', async () => {
    const urls = new Set(pages.flatMap((p) => [...urlsOf(p.fields), ...urlsOf(p.meta)]));
    expect(urls.size).toBeGreaterThan(1000);
    const missing: string[] = [];
    for (const url of urls) {
      const found = await stat(path.join(dir, url)).catch(() => null);
      if (!found?.isFile()) missing.push(url);
    }
    expect(missing).toEqual([]);
  });

  it('draws steps that look like instructions: name, "Step n of N", a size, and a drawing that changes', async () => {
    const folder = path.join(dir, 'progrmas/PlayMachines2/MainModels/LawnMower');
    const step3 = await readFile(path.join(folder, '3.svg'), 'utf8');
    const step4 = await readFile(path.join(folder, '4.svg'), 'utf8');
    expect(step3).toMatch(/^<svg [^>]*width='1200' height='800'/);
    expect(step3).toContain('Lawn Mower');
    expect(step3).toContain('Step 3 of 51');
    expect(step3.replace('Step 3', '')).not.toEqual(step4.replace('Step 4', ''));
    expect((await readdir(path.join(folder, 'thumbs'))).length).toBe(51);
    const experiment = await readFile(path.join(dir, 'progrmas/PlayMachines1/MainModels/Catapult/Experiment/6.svg'), 'utf8');
    expect(experiment).toContain('Step 6 of 6');
  });

  it("writes in each step picture the counts the gallery shows: 'Step n of N' for item n of the tab's N, videos in tabs of their own", async () => {
    let checked = 0;
    for (const p of pages) {
      for (let i = 0; i < 5; i += 1) {
        const items = p.fields[`lesson_${i}_gallery`];
        if (!Array.isArray(items)) continue;
        const gallery = items as { original: string; embedUrl?: string }[];
        const videos = gallery.filter((item) => item.embedUrl);
        // A video among the steps would be slide N+1 of a gallery whose pictures say 'of N'.
        expect({ page: p.title, tab: i, mixed: videos.length > 0 && videos.length < gallery.length }).toEqual({ page: p.title, tab: i, mixed: false });
        if (videos.length > 0) continue;
        for (const [index, item] of gallery.entries()) {
          const svg = await readFile(path.join(dir, item.original), 'utf8');
          expect({ page: p.title, tab: i, step: /Step (\d+) of (\d+)/.exec(svg)?.slice(1).map(Number) }).toEqual({ page: p.title, tab: i, step: [index + 1, gallery.length] });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(900);
    expect(byTitle(130, 'Flying Chairs').fields.show_in_diffrent_tabs).toBe(true);
  });

  it("keeps every step picture's title left of the New part box: long names wrap onto two lines and shrink", async () => {
    const pictures = demoModels().flatMap((model) => model.tabs.filter((tab) => !tab.video).map((tab) => stepImageUrl(model, tab.folder, 1)).concat(model.tabs.length ? [] : [stepImageUrl(model, '', 1)]));
    const titleRight = NEW_PART_BOX.x - NEW_PART_BOX.gap;
    let wrapped = 0;
    for (const url of pictures) {
      const svg = await readFile(path.join(dir, url), 'utf8');
      const lines = [...svg.matchAll(/<text x='(\d+)' y='\d+' [^>]*font-size='(\d+)' font-weight='700'[^>]*?(?: textLength='(\d+)')?[^>]*>([^<]*)<\/text>/g)].filter(([, x]) => Number(x) === STEP_TITLE_X);
      expect(lines.length).toBeGreaterThan(0);
      if (lines.length > 1) wrapped += 1;
      for (const [, x, size, length, text] of lines) {
        // textLength is the line's drawn width in any font; without it, the width of its letters.
        const width = length ? Number(length) : boldTextWidth(text!, Number(size));
        expect({ url, text, right: Number(x) + width <= titleRight, readable: Number(size) >= 34 }).toEqual({ url, text, right: true, readable: true });
      }
    }
    const longest = stepSvg('Speed Increasing Transmission: 24 Gear', 'longest', 3, 6, false);
    expect(longest).toContain('>Speed Increasing<');
    expect(wrapped).toBeGreaterThan(3);
  });

  it("draws each model's title colour image so the card's 250 x 40 box shows its letters at 14 px or more", () => {
    for (const model of demoModels()) {
      const layout = titleImageLayout(model.title);
      expect([model.title, shownTitleFontPx(layout) >= 14]).toEqual([model.title, true]);
      expect(layout.lines.join(' ')).toBe(model.title);
    }
    const long = titleSvg('Double Speed Increasing Transmission');
    expect(long.match(/<text /g)).toHaveLength(2);
    expect(titleSvg('Catapult').match(/<text /g)).toHaveLength(1);
  });

  it('gives every model with a video a clip of its own, drawn from its own steps under its name', async () => {
    const manifest = JSON.parse(await readFile(CLIPS_MANIFEST, 'utf8')) as Record<string, ClipRecord>;
    const withVideo = demoModels().filter((model) => model.video);
    expect(withVideo.length).toBeGreaterThanOrEqual(4);
    const hashes = new Set<string>();
    for (const model of withVideo) {
      const videoId = videoIdOf(model);
      const clip = await readFile(path.join(dir, `content/videos/${videoId}.webm`));
      expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(clip.length).toBeLessThan(40_000);
      hashes.add(sha256(clip));
      const frames = clipFrames(model);
      expect(frames.every((frame) => frame.includes(model.title))).toBe(true);
      // The clip was rendered (make-lesson-clips.ts) from exactly these pictures, for this model.
      expect(manifest[videoId]).toEqual({ title: model.title, framesSha256: framesHash(frames), sha256: sha256(clip) });
    }
    expect(hashes.size).toBe(withVideo.length);
  });

  it('is deterministic and idempotent', async () => {
    const file = path.join(dir, 'progrmas/PlayMachines1/MainModels/Catapult/Build/7.svg');
    const before = await readFile(file, 'utf8');
    await generateDemoAssets(localStorage(dir));
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});
