/**
 * Draws every file the demo pages reference: instruction steps and thumbnails, program and model
 * art, lesson-plan pages and the offline lesson videos. Deterministic (seeded by names), so a
 * second run writes identical files; small SVGs, so a 51-step gallery loads fast on school Wi-Fi.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_PROGRAMS,
  KIT_CONTENTS,
  STEP_IMAGE_SIZE,
  demoModels,
  hashOf,
  lessonPlanUrl,
  modelSmallImageUrl,
  modelTitleImageUrl,
  programImageUrl,
  programOf,
  stepImageUrl,
  stepThumbUrl,
  videoEmbedUrl,
  videoIdOf,
  videoPosterThumbUrl,
  videoPosterUrl,
  type DemoModel,
  type DemoProgram,
} from './demoData';
import type { MediaStorage } from '../media/storage';
import { fitText } from './textFit';

const BRICK_COLORS = ['#D62718', '#0B5FB4', '#FFC627', '#1E7B34', '#FE8A18', '#5B2C83'];
const BRICK_PARTS = ['beam 5', 'beam 7', 'plate 2x4', 'brick 1x6', 'brick 2x4', 'beam 3'];
const ROUND_PARTS = ['gear 24', 'gear 8', 'pulley', 'wheel 30', 'gear 40'];
const FONT = "font-family='Arial, Helvetica, sans-serif'";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A stable pseudo-random sequence for one drawing. */
function random(seed: string) {
  let state = hashOf(seed) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

interface Part {
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
  round: boolean;
}

/** The model's parts, placed on a building board; step n shows the first n of them. */
function layoutParts(modelKey: string, total: number): Part[] {
  const next = random(`parts:${modelKey}`);
  const parts: Part[] = [];
  const columns = 8;
  for (let i = 0; i < total; i += 1) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const round = next() < 0.25;
    const w = round ? 70 : 80 + Math.floor(next() * 3) * 40;
    parts.push({
      x: 150 + column * 95 + Math.floor(next() * 20),
      y: 600 - row * 70 - Math.floor(next() * 10),
      w,
      h: round ? 70 : 50,
      color: BRICK_COLORS[Math.floor(next() * BRICK_COLORS.length)]!,
      round,
    });
  }
  return parts;
}

function drawPart(part: Part, highlight: boolean): string {
  const stroke = highlight ? " stroke='#1C1B1F' stroke-width='6'" : " stroke='#00000033' stroke-width='2'";
  if (part.round) {
    const r = part.w / 2;
    return `<circle cx='${part.x + r}' cy='${part.y + r}' r='${r}' fill='${part.color}'${stroke}/><circle cx='${part.x + r}' cy='${part.y + r}' r='9' fill='#fff'/>`;
  }
  const studs = Array.from({ length: Math.max(1, Math.floor(part.w / 40)) }, (_, k) => `<rect x='${part.x + 10 + k * 40}' y='${part.y - 10}' width='22' height='10' rx='3' fill='${part.color}'/>`).join('');
  return `${studs}<rect x='${part.x}' y='${part.y}' width='${part.w}' height='${part.h}' rx='6' fill='${part.color}'${stroke}/>`;
}

/** Where a step picture's title starts, and the 'New part' box it must stay left of. */
export const STEP_TITLE_X = 60;
export const NEW_PART_BOX = { x: 850, gap: 30 } as const;

/**
 * The model's name and 'Step n of N' in the top left. A long name wraps to two lines and shrinks
 * (to 34 px at least) so it ends before the New part box; textLength holds each line to its width
 * in whatever font the viewer has.
 */
function heading(title: string, n: number, total: number): string {
  const fitted = fitText(title, NEW_PART_BOX.x - NEW_PART_BOX.gap - STEP_TITLE_X, 52, 34);
  const lineHeight = Math.round(fitted.fontSize * 1.15);
  const lines = fitted.lines
    .map((line, i) => `<text x='${STEP_TITLE_X}' y='${96 + i * lineHeight}' ${FONT} font-size='${fitted.fontSize}' font-weight='700' fill='#1C1B1F' textLength='${line.width}' lengthAdjust='spacingAndGlyphs'>${escapeXml(line.text)}</text>`)
    .join('');
  const stepY = 96 + (fitted.lines.length - 1) * lineHeight + 54;
  return `${lines}\n<text x='${STEP_TITLE_X}' y='${stepY}' ${FONT} font-size='34' fill='#4F4B57'>Step ${n} of ${total}</text>`;
}

/** One instruction step: the model's name, 'Step n of N', the parts so far with the new one highlighted. */
export function stepSvg(title: string, modelKey: string, n: number, total: number, thumb: boolean): string {
  const parts = layoutParts(modelKey, total).slice(0, n);
  const newest = parts[parts.length - 1]!;
  const { width, height } = STEP_IMAGE_SIZE;
  const size = thumb ? { width: 150, height: 100 } : { width, height };
  const drawn = parts.map((part, i) => drawPart(part, !thumb && i === parts.length - 1)).join('');
  if (thumb) {
    return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}' width='${size.width}' height='${size.height}'><rect width='${width}' height='${height}' fill='#F7F9FC'/><rect x='100' y='680' width='1000' height='40' rx='8' fill='#C9CFD8'/>${drawn}<text x='40' y='110' ${FONT} font-size='110' font-weight='700' fill='#1C1B1F'>${n}</text></svg>`;
  }
  const names = newest.round ? ROUND_PARTS : BRICK_PARTS;
  const part = names[hashOf(`${modelKey}:${n}`) % names.length]!;
  const arrowX = newest.x + newest.w / 2;
  const arrowTop = Math.max(180, newest.y - 150);
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}' width='${width}' height='${height}' role='img' aria-label='${escapeXml(title)}, step ${n} of ${total}'>
<rect width='${width}' height='${height}' fill='#FFFFFF'/><rect x='16' y='16' width='${width - 32}' height='${height - 32}' rx='24' fill='#F7F9FC' stroke='#DDE3EA' stroke-width='4'/>
${heading(title, n, total)}
<g><rect x='${NEW_PART_BOX.x}' y='50' width='300' height='120' rx='16' fill='#FFFFFF' stroke='#C9CFD8' stroke-width='3'/><text x='870' y='95' ${FONT} font-size='26' fill='#4F4B57'>New part</text><text x='870' y='140' ${FONT} font-size='32' font-weight='700' fill='#1C1B1F'>1x ${part}</text></g>
<rect x='100' y='680' width='1000' height='40' rx='8' fill='#C9CFD8'/>
${drawn}
<path d='M${arrowX} ${arrowTop} L${arrowX} ${newest.y - 24}' stroke='#D62718' stroke-width='10' stroke-linecap='round'/><path d='M${arrowX - 22} ${newest.y - 50} L${arrowX} ${newest.y - 16} L${arrowX + 22} ${newest.y - 50}' fill='none' stroke='#D62718' stroke-width='10' stroke-linecap='round' stroke-linejoin='round'/>
</svg>`;
}

/**
 * The model's name in colourful brick letters (the card's title colour image): one line of text
 * with a colour per letter, so the letters keep their natural spacing.
 */
/** The model card shows the title image in a 250 x 40 box; its letters must stay readable there. */
export const TITLE_IMAGE_BOX = { width: 250, height: 40 } as const;
const TITLE_IMAGE_HEIGHT = 80;
// Arial Black-ish letters are about 0.68 em wide; the text is centred, so an estimate will do.
const titleWidth = (lines: string[], fontSize: number) => Math.max(160, Math.max(...lines.map((line) => Math.round([...line].length * fontSize * 0.68))) + 40);

/** The size, in CSS pixels, at which the card shows these letters. */
export const shownTitleFontPx = (layout: { lines: string[]; fontSize: number; width: number }) =>
  layout.fontSize * Math.min(TITLE_IMAGE_BOX.height / TITLE_IMAGE_HEIGHT, TITLE_IMAGE_BOX.width / layout.width);

/** One line at 52 px; a long name goes on two lines (split where the longer is shortest) at 34 px. */
export function titleImageLayout(title: string): { lines: string[]; fontSize: number; width: number } {
  const oneLine = { lines: [title], fontSize: 52, width: titleWidth([title], 52) };
  const words = title.split(' ');
  if (shownTitleFontPx(oneLine) >= 16 || words.length < 2) return oneLine;
  let best = oneLine;
  for (let i = 1; i < words.length; i += 1) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const candidate = { lines, fontSize: 34, width: titleWidth(lines, 34) };
    if (best === oneLine || candidate.width < best.width) best = candidate;
  }
  return best;
}

export function titleSvg(title: string): string {
  const { lines, fontSize, width } = titleImageLayout(title);
  let index = 0;
  const coloured = (line: string) =>
    [...line].map((ch) => `<tspan fill='${BRICK_COLORS[index++ % BRICK_COLORS.length]}'>${escapeXml(ch)}</tspan>`).join('');
  const baselines = lines.length === 1 ? [60] : [36, 74];
  const text = lines
    .map((line, i) => `<text x='${width / 2}' y='${baselines[i]}' text-anchor='middle' ${FONT} font-size='${fontSize}' font-weight='900' stroke='#1C1B1F' stroke-width='1.5' paint-order='stroke' xml:space='preserve'>${coloured(line)}</text>`)
    .join('');
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${TITLE_IMAGE_HEIGHT}' width='${width}' height='${TITLE_IMAGE_HEIGHT}'>${text}</svg>`;
}

/** A small picture of the finished model: its last step without labels, cropped around the parts. */
export function smallSvg(modelKey: string, total: number): string {
  const parts = layoutParts(modelKey, total);
  // The board (x 100 to 1100, y 680 to 720) and the parts, centred with a margin; never flatter than 2:1.
  const x = 80;
  const w = 1040;
  const top = Math.min(...parts.map((p) => p.y - 10));
  const h = Math.max(Math.round(w / 2), 720 - top + 80);
  const y = Math.round((top + 720) / 2 - h / 2);
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${x} ${y} ${w} ${h}' width='300' height='${Math.round((300 * h) / w)}'><rect x='${x}' y='${y}' width='${w}' height='${h}' fill='#FFFFFF'/><rect x='100' y='680' width='1000' height='40' rx='8' fill='#C9CFD8'/>${parts.map((p) => drawPart(p, false)).join('')}</svg>`;
}

function programArt(program: DemoProgram, kind: 'logo' | 'long' | 'bg-desktop' | 'bg-mobile'): string {
  const [a, b] = program.colors;
  const sizes = { logo: [400, 240], long: [1200, 200], 'bg-desktop': [1920, 1080], 'bg-mobile': [800, 1400] } as const;
  const [w, h] = sizes[kind];
  const next = random(`${program.programName}:${kind}`);
  const bricks =
    kind === 'logo'
      ? ''
      : Array.from({ length: 14 }, () => {
          const x = Math.floor(next() * w);
          const y = Math.floor(next() * h);
          return `<rect x='${x}' y='${y}' width='${60 + Math.floor(next() * 80)}' height='36' rx='6' fill='#FFFFFF' opacity='0.16'/>`;
        }).join('');
  const label =
    kind === 'logo' || kind === 'long'
      ? `<text x='${kind === 'logo' ? 200 : 60}' y='${kind === 'logo' ? 132 : 118}' ${FONT} font-size='${kind === 'logo' ? 44 : 64}' font-weight='700' fill='#FFFFFF' text-anchor='${kind === 'logo' ? 'middle' : 'start'}'>${escapeXml(program.title)}</text>`
      : '';
  const sub = kind === 'logo' ? `<text x='200' y='180' ${FONT} font-size='22' fill='#FFFFFF'>${escapeXml(program.tagline)}</text>`.replace("<text x='200'", "<text text-anchor='middle' x='200'") : '';
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}' width='${w}' height='${h}'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient></defs><rect width='${w}' height='${h}' fill='url(#g)'/>${bricks}${label}${sub}</svg>`;
}

/**
 * A lesson video's poster: a sunny scene with the title. The full poster has no play symbol of its
 * own (the portal puts its Play video button on it); the thumbnail has one, to tell it from the steps.
 */
function posterSvg(title: string, thumb: boolean): string {
  const [w, h] = thumb ? [160, 90] : [640, 360];
  const scene = `<rect width='640' height='360' fill='#EAF4FF'/><circle cx='560' cy='70' r='38' fill='#FFC627'/><rect y='300' width='640' height='60' fill='#237841'/><rect x='70' y='250' width='120' height='50' rx='8' fill='#D62718'/><rect x='180' y='210' width='90' height='90' rx='45' fill='#0B5FB4'/><rect x='440' y='240' width='140' height='60' rx='8' fill='#FE8A18'/>`;
  const overlay = thumb
    ? `<circle cx='320' cy='180' r='90' fill='#D62718'/><path d='M286 128 L386 180 L286 232 Z' fill='#FFFFFF'/>`
    : `<text x='24' y='52' ${FONT} font-size='32' font-weight='700' fill='#1B2A41'>${escapeXml(title)}: lesson video</text>`;
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 640 360' width='${w}' height='${h}'>${scene}${overlay}</svg>`;
}

function embedHtml(model: DemoModel, videoId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(model.title)}: lesson video</title>
<style>html,body{margin:0;height:100%;background:#000}video{width:100%;height:100%;object-fit:contain;display:block}</style></head>
<body><video src="/content/videos/${videoId}.webm" poster="${videoPosterUrl(videoId)}" controls playsinline muted preload="metadata"></video>
<script src="${EMBED_SCRIPT_URL}"></script></body></html>
`;
}

/**
 * The embed pages' script, as a same-origin file: the Content-Security-Policy (script-src 'self')
 * allows no inline script.
 */
export const EMBED_SCRIPT_URL = '/content/videos/embed/embed.js';
const EMBED_SCRIPT = `// Autoplay only when the portal asks for it (?autoplay=1), muted so browsers allow it.
(function () {
  var v = document.querySelector('video');
  if (v && new URLSearchParams(location.search).get('autoplay') === '1') { v.autoplay = true; v.play().catch(function () {}); }
})();
`;

function lessonPlanHtml(model: DemoModel): string {
  const program = programOf(model.programId);
  const title = escapeXml(model.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}: lesson plan, ${escapeXml(program.title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;color:#1C1B1F;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{color:#A81C10}table{border-collapse:collapse;width:100%}th,td{border:1px solid #C9CFD8;padding:.4rem .6rem;text-align:left}
th{background:#F4F6FA}@media print{body{margin:0}}</style></head>
<body><main>
<p>${escapeXml(program.title)} · ${model.experimental ? 'Experimental model' : 'Main model'}</p>
<h1>${title}: lesson plan</h1>
<h2>Objectives</h2>
<ul><li>Build the ${title} from the step-by-step instructions.</li><li>Explain how the mechanism turns an input motion into an output motion.</li><li>Test one change to the model and describe what happened.</li></ul>
<h2>Materials</h2>
<ul><li>One ${escapeXml(program.title)} kit per pair of students</li><li>A tablet or computer with Youngengineer Online</li><li>Worksheet and pencils</li></ul>
<h2>Timing (60 minutes)</h2>
<table><thead><tr><th scope="col">Minutes</th><th scope="col">Activity</th></tr></thead>
<tbody><tr><td>0–10</td><td>Warm-up: where do we see this mechanism at home or in the playground?</td></tr>
<tr><td>10–35</td><td>Build the model in pairs, following the ${model.imageCount} steps.</td></tr>
<tr><td>35–50</td><td>Experiment: change one part and compare.</td></tr>
<tr><td>50–60</td><td>Share, tidy up and sort the parts back into the kit.</td></tr></tbody></table>
<h2>Steps</h2>
<ol><li>Hand out the kits and check the parts against the Kit Contents page.</li><li>Give the pairs the model's code so they can open the instructions.</li><li>Walk around and ask each pair to explain the newest part they added.</li><li>Run the experiment together and record the results on the board.</li></ol>
<h2>Discussion questions</h2>
<ul><li>Which part makes the ${title} move, and which part moves last?</li><li>What would happen if we used a bigger gear or a longer beam?</li><li>Where could a machine like this help people?</li></ul>
</main></body></html>
`;
}

/** A URL path's storage key ("/progrmas/A%20B/1.svg" is "progrmas/A B/1.svg"). */
const keyOf = (url: string) => url.split('/').filter(Boolean).map(decodeURIComponent).join('/');

/** Each video's clip, rendered by static/make-lesson-clips.ts (committed; seeding only copies it). */
export const CLIPS_DIR = path.join(__dirname, 'static', 'clips');
export const clipPath = (videoId: string) => path.join(CLIPS_DIR, `${videoId}.webm`);

/**
 * The pictures a model's lesson clip shows one after another: its first tab's steps (at most 16,
 * evenly picked, always ending on the last), so the clip builds that model, under its own name.
 */
export function clipFrames(model: DemoModel): string[] {
  const tab = model.tabs.find((t) => !t.video);
  const count = tab ? tab.to - tab.from + 1 : model.imageCount;
  const label = model.legacyTabs && tab ? `${model.title}: ${tab.title}` : model.title;
  const key = `${model.programId}:${model.title}:${model.legacyTabs && tab ? tab.folder : ''}`;
  const shown = Math.min(count, 16);
  const steps = Array.from({ length: shown }, (_, i) => Math.round(((i + 1) * count) / shown));
  return steps.map((n) => stepSvg(label, key, n, count, false));
}

function stepFiles(model: DemoModel): { url: string; body: () => string }[] {
  const files: { url: string; body: () => string }[] = [];
  const key = `${model.programId}:${model.title}`;
  const add = (folder: string, count: number, label: string) => {
    for (let n = 1; n <= count; n += 1) {
      files.push({ url: stepImageUrl(model, folder, n), body: () => stepSvg(label, `${key}:${folder}`, n, count, false) });
      files.push({ url: stepThumbUrl(model, folder, n), body: () => stepSvg(label, `${key}:${folder}`, n, count, true) });
    }
  };
  if (model.legacyTabs) {
    for (const tab of model.tabs.filter((t) => !t.video)) add(tab.folder, tab.to - tab.from + 1, `${model.title}: ${tab.title}`);
  } else {
    add('', model.imageCount, model.title);
  }
  return files;
}

/** How many files go to the storage at once (an object store takes many small uploads best in parallel, but not hundreds). */
const WRITES_AT_ONCE = 16;

/**
 * Writes every demo file to the media storage, keyed by its URL path. Idempotent and cheap on
 * restarts: the storage leaves an identical file alone.
 */
export async function generateDemoAssets(storage: MediaStorage): Promise<void> {
  const writes: (() => Promise<void>)[] = [];
  const put = (url: string, content: string | Buffer) => () => storage.put(keyOf(url), content);
  for (const program of DEMO_PROGRAMS) {
    for (const kind of ['logo', 'long', 'bg-desktop', 'bg-mobile'] as const) {
      writes.push(put(programImageUrl(program, kind), programArt(program, kind)));
    }
  }
  writes.push(put(EMBED_SCRIPT_URL, EMBED_SCRIPT));
  for (const model of [...demoModels(), KIT_CONTENTS]) {
    for (const file of stepFiles(model)) writes.push(put(file.url, file.body()));
    writes.push(put(modelTitleImageUrl(model), titleSvg(model.title)));
    writes.push(put(modelSmallImageUrl(model), smallSvg(`${model.programId}:${model.title}:`, model.imageCount)));
    writes.push(put(lessonPlanUrl(model), lessonPlanHtml(model)));
    if (model.video) {
      const videoId = videoIdOf(model);
      writes.push(put(videoEmbedUrl(videoId), embedHtml(model, videoId)));
      writes.push(put(videoPosterUrl(videoId), posterSvg(model.title, false)));
      writes.push(put(videoPosterThumbUrl(videoId), posterSvg(model.title, true)));
      writes.push(async () => put(`/content/videos/${videoId}.webm`, await readFile(clipPath(videoId)))());
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < writes.length) await writes[next++]!();
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, worker));
}
