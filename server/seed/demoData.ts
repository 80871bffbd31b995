/**
 * The demo data of docs/spec/demo-data.md: accounts, students, programs, models and their
 * galleries. Pure data: the seeder writes it to the database and assets.ts draws the files it
 * references. Ids, names, codes and counts fixed by docs/spec/demo-data.md are marked as such. The
 * long tables (students per owner, model names per program) are JSON beside this file.
 */
import { CONTENT_IDS } from '../../contract';
import type { NewAccount, NewOwnerInput } from '../domain/users';
import demoModelNames from './demoModelNames.json';
import demoStudentTable from './demoStudents.json';

/** An account as the seeder creates it: the teacher named by login, not by database id. */
export type SeedUser = Omit<NewAccount, 'teacherId'> & { teacherUsername?: string };

export interface SeedStudent {
  /** The student's user login; a SeedUser with this username and role student exists. */
  username: string;
  teacherUsername: string;
  firstName: string;
  lastName: string;
  parentName: string;
  parentEmail: string;
  phone: string;
  program: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  numberOfLessons: number;
}

export interface SeedPage {
  id: number;
  parent: number;
  title: string;
  slug: string;
  menuOrder: number;
  contentHtml: string;
  meta: Record<string, string>;
  /** Custom top-level fields; URLs are root-relative (/progrmas/..., /content/...). */
  fields: Record<string, unknown>;
}

// ---- deterministic helpers ----------------------------------------------------------------

/** FNV-1a: a stable number from a string, so every install gets the same data. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export const withoutSpaces = (name: string) => name.replace(/\s+/g, '');
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---- accounts ---------------------------------------------------------------------------------

/** A demo franchise owner: what an administrator enters for a new owner, and the owner's phone prefix for the students' numbers. */
type OwnerDef = Required<NewOwnerInput> & { phonePrefix: string };

/** Fixed by docs/spec/demo-data.md. */
const OWNERS: OwnerDef[] = [
  { username: 'dana', firstName: 'Dana', lastName: 'Cohen', email: 'dana.cohen@demo.portal.test', country: 'Israel', state: 'Tel Aviv', territory: 'Center', phonePrefix: '+972 50' },
  { username: 'lee', firstName: 'Lee', lastName: 'Wong', email: 'lee.wong@demo.portal.test', country: 'Singapore', state: 'Singapore', territory: 'Central', phonePrefix: '+65 9' },
  { username: 'maria', firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@demo.portal.test', country: 'United States', state: 'Texas', territory: 'Austin', phonePrefix: '+1 512' },
];

const OWNER_PASSWORD = 'demo-owner-2026';

type StudentDef = Pick<SeedStudent, 'firstName' | 'lastName' | 'parentName' | 'program' | 'startDate' | 'endDate' | 'numberOfLessons'>;

/** Students by owner login: Mia Levi is fixed by docs/spec/demo-data.md; the others are realistic filler. */
const STUDENTS: Record<string, StudentDef[]> = demoStudentTable;

function studentUsername(first: string, last: string): string {
  return first === 'Mia' && last === 'Levi' ? 'mia' : `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
}

function parentEmail(first: string, last: string): string {
  if (first === 'Mia' && last === 'Levi') return 'parent.mia@demo.portal.test';
  return `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}.parent@demo.portal.test`;
}

function phoneOf(owner: OwnerDef, first: string, last: string): string {
  const digits = String(hashOf(`${first} ${last}`) % 10_000_000).padStart(7, '0');
  return `${owner.phonePrefix} ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export function demoStudents(): SeedStudent[] {
  return OWNERS.flatMap((owner) =>
    (STUDENTS[owner.username] ?? []).map(({ firstName, lastName, parentName, program, startDate, endDate, numberOfLessons }) => ({
      username: studentUsername(firstName, lastName),
      teacherUsername: owner.username,
      firstName,
      lastName,
      parentName,
      parentEmail: parentEmail(firstName, lastName),
      phone: phoneOf(owner, firstName, lastName),
      program,
      startDate,
      endDate,
      numberOfLessons,
    })),
  );
}

export function demoUsers(): SeedUser[] {
  const admin: SeedUser = {
    username: 'admin',
    email: 'admin@demo.portal.test',
    password: 'demo-admin-2026',
    displayName: 'Office Admin',
    firstName: 'Office',
    lastName: 'Admin',
    role: 'administrator',
    country: '',
    state: '',
    territory: '',
  };
  const owners: SeedUser[] = OWNERS.map((owner) => ({
    username: owner.username,
    email: owner.email,
    password: OWNER_PASSWORD,
    displayName: `${owner.firstName} ${owner.lastName}`,
    firstName: owner.firstName,
    lastName: owner.lastName,
    role: 'franchise_owner',
    country: owner.country,
    state: owner.state,
    territory: owner.territory,
  }));
  const students: SeedUser[] = demoStudents().map((student) => {
    const owner = OWNERS.find((o) => o.username === student.teacherUsername)!;
    return {
      username: student.username,
      email: student.parentEmail,
      // Only Mia's sign-in is documented; the filler students get a private, stable password.
      password: student.username === 'mia' ? 'demo-student-2026' : `demo-${hashOf(student.username).toString(36)}-2026`,
      displayName: `${student.firstName} ${student.lastName}`,
      firstName: student.firstName,
      lastName: student.lastName,
      role: 'student',
      country: owner.country,
      state: owner.state,
      territory: owner.territory,
      teacherUsername: owner.username,
    };
  });
  return [admin, ...owners, ...students];
}

// ---- content ----------------------------------------------------------------------------------

export interface DemoTab {
  title: string;
  /** Folder of the tab's images under the model's folder ('' = the model folder itself). */
  folder: string;
  /** Image numbers within the folder, 1-based, inclusive. */
  from: number;
  to: number;
  video?: boolean;
}

export interface DemoModel {
  id: number;
  programId: number;
  title: string;
  experimental: boolean;
  code: string;
  imageCount: number;
  /** Tabs of the lesson page (show_in_diffrent_tabs); empty for one gallery. */
  tabs: DemoTab[];
  /** A lesson video, in a 'Video' tab of its own (never among the steps: see tabsOf). */
  video: boolean;
  /** Older gallery route: the model has per-tab image folders. */
  legacyTabs: boolean;
}

export interface DemoProgram {
  id: number;
  title: string;
  programName: string;
  order: number;
  hidden: boolean;
  tagline: string;
  colors: [string, string];
}

/** Fixed ids of docs/spec/demo-data.md (Robotics 1's id is ours: any id works). */
export const DEMO_PROGRAMS: DemoProgram[] = [
  { id: CONTENT_IDS.playMachines1, title: 'Play Machines 1', programName: 'PlayMachines1', order: 1, hidden: false, tagline: 'Levers, gears and wheels', colors: ['#D62718', '#FFC627'] },
  { id: CONTENT_IDS.playMachines2, title: 'Play Machines 2', programName: 'PlayMachines2', order: 2, hidden: false, tagline: 'Motion, chains and mechanisms', colors: ['#0B5FB4', '#4CC2F1'] },
  { id: CONTENT_IDS.teacherTraining, title: 'Teacher Training', programName: 'TeacherTraining', order: 3, hidden: false, tagline: 'Running a great lesson', colors: ['#1E7B34', '#9BD84E'] },
  { id: 9001, title: 'Robotics 1', programName: 'Robotics1', order: 4, hidden: true, tagline: 'Sensors, motors and code', colors: ['#5B2C83', '#C38BEA'] },
];

/** Model names of docs/spec/portal-spec.md section 3 by program, in order: main models, then experimental ones. */
const MODEL_NAMES = demoModelNames;

/** Fixed by docs/spec/demo-data.md. */
const FIXED_CODES: Record<string, string> = { Catapult: '2468', 'Lawn Mower': '1357' };
/** Fixed by docs/spec/demo-data.md: Catapult 21, Lawn Mower 51. */
const FIXED_COUNTS: Record<string, number> = { Catapult: 21, 'Lawn Mower': 51 };
/** Models with a lesson video besides Catapult (docs/spec/demo-data.md: at least three). */
const VIDEO_MODELS = new Set(['Flying Chairs', 'Spinning Top Launcher', 'Fortune Wheel', 'Scissor Lift']);

/** Tabbed models of docs/spec/portal-spec.md section 2 and docs/spec/demo-data.md: [tab title, image count]. */
const LEGACY_TABS: Record<string, [string, number][]> = {
  Perimeter: [
    ['Small Perimeter', 8],
    ['Big Perimeter', 10],
  ],
  'Rolling And Sliding': [
    ['Rolling', 7],
    ['Sliding', 7],
  ],
  'Speed Increasing Transmission': [
    ['8 Gear', 6],
    ['24 Gear', 6],
    ['40 Gear', 6],
  ],
};

function tabsOf(title: string, imageCount: number): { tabs: DemoTab[]; legacyTabs: boolean } {
  if (title === 'Catapult') {
    return {
      tabs: [
        // One folder per tab, so each step image's 'Step n of N' counts within its tab.
        { title: 'Build', folder: 'Build', from: 1, to: 15 },
        { title: 'Experiment', folder: 'Experiment', from: 1, to: imageCount - 15 },
        { title: 'Video', folder: '', from: 1, to: 0, video: true },
      ],
      legacyTabs: true,
    };
  }
  const legacy = LEGACY_TABS[title];
  if (legacy) {
    return {
      tabs: legacy.map(([tabTitle, count]) => ({ title: tabTitle, folder: withoutSpaces(tabTitle), from: 1, to: count })),
      legacyTabs: true,
    };
  }
  if (VIDEO_MODELS.has(title)) {
    // The video gets a tab of its own, as Catapult's: in one gallery with the steps it was slide
    // N+1, so the gallery said '2 / 26' on a picture that says 'Step 2 of 25'.
    return {
      tabs: [
        { title: 'Build', folder: '', from: 1, to: imageCount },
        { title: 'Video', folder: '', from: 1, to: 0, video: true },
      ],
      legacyTabs: false,
    };
  }
  return { tabs: [], legacyTabs: false };
}

function modelsOf(programId: number, { main, experimental }: { main: string[]; experimental: string[] }, firstId: number): DemoModel[] {
  const used = new Set(Object.values(FIXED_CODES));
  const codeFor = (title: string): string => {
    if (FIXED_CODES[title]) return FIXED_CODES[title]!;
    let n = hashOf(`${programId}:${title}`) % 9000;
    while (used.has(String(1000 + n))) n = (n + 137) % 9000;
    const code = String(1000 + n);
    used.add(code);
    return code;
  };
  const make = (title: string, index: number, isExperimental: boolean): DemoModel => {
    const legacy = LEGACY_TABS[title];
    const imageCount = FIXED_COUNTS[title] ?? (legacy ? legacy.reduce((sum, [, count]) => sum + count, 0) : 8 + (hashOf(title) % 23));
    const { tabs, legacyTabs } = tabsOf(title, imageCount);
    return {
      id: firstId + index + (isExperimental ? main.length : 0),
      programId,
      title,
      experimental: isExperimental,
      code: codeFor(title),
      imageCount,
      tabs,
      video: tabs.some((tab) => tab.video),
      legacyTabs,
    };
  };
  return [...main.map((title, i) => make(title, i, false)), ...experimental.map((title, i) => make(title, i, true))];
}

export function demoModels(): DemoModel[] {
  return [
    ...modelsOf(CONTENT_IDS.playMachines1, MODEL_NAMES.PlayMachines1, 131),
    ...modelsOf(CONTENT_IDS.playMachines2, MODEL_NAMES.PlayMachines2, 171),
    ...modelsOf(CONTENT_IDS.teacherTraining, MODEL_NAMES.TeacherTraining, 7768),
    ...modelsOf(9001, MODEL_NAMES.Robotics1, 9002),
  ];
}

/** Lesson 793 (docs/spec/demo-data.md): the kit's parts, the lesson that marks kit_on_header_clicked. */
export const KIT_CONTENTS: DemoModel = {
  id: CONTENT_IDS.kitContentsLesson,
  programId: CONTENT_IDS.playMachines1,
  title: 'Kit Contents',
  experimental: false,
  code: '7930',
  imageCount: 6,
  tabs: [],
  video: false,
  legacyTabs: false,
};

// ---- URLs (assets.ts draws a file for every one of them) ---------------------------------------

export const programOf = (programId: number) => DEMO_PROGRAMS.find((p) => p.id === programId)!;
export const sectionOf = (model: DemoModel) => (model.experimental ? 'ExplorationModels' : 'MainModels');
export const modelFolder = (model: DemoModel) =>
  `/progrmas/${programOf(model.programId).programName}/${sectionOf(model)}/${withoutSpaces(model.title)}`;
export const stepImageUrl = (model: DemoModel, folder: string, n: number) =>
  `${modelFolder(model)}${folder ? `/${folder}` : ''}/${n}.svg`;
export const stepThumbUrl = (model: DemoModel, folder: string, n: number) =>
  `${modelFolder(model)}${folder ? `/${folder}` : ''}/thumbs/${n}.svg`;
export const videoIdOf = (model: DemoModel) => `${programOf(model.programId).programName.toLowerCase()}-${slugOf(model.title)}`;
export const videoEmbedUrl = (videoId: string) => `/content/videos/embed/${videoId}.html`;
export const videoPosterUrl = (videoId: string) => `/content/videos/posters/${videoId}.svg`;
export const videoPosterThumbUrl = (videoId: string) => `/content/videos/posters/${videoId}-thumb.svg`;
export const lessonPlanUrl = (model: DemoModel) =>
  `/content/lesson-plans/${programOf(model.programId).programName}/${slugOf(model.title)}.html`;
export const modelTitleImageUrl = (model: DemoModel) =>
  `/content/models/${programOf(model.programId).programName}/${withoutSpaces(model.title)}/title.svg`;
export const modelSmallImageUrl = (model: DemoModel) =>
  `/content/models/${programOf(model.programId).programName}/${withoutSpaces(model.title)}/small.svg`;
export const programImageUrl = (program: DemoProgram, kind: 'logo' | 'long' | 'bg-desktop' | 'bg-mobile') =>
  `/content/programs/${program.programName}/${kind}.svg`;

/** Step image size (the SVG's width/height): galleries reserve this box so nothing jumps. */
export const STEP_IMAGE_SIZE = { width: 1200, height: 800 } as const;

// ---- pages ------------------------------------------------------------------------------------

function galleryItems(model: DemoModel, tab: Pick<DemoTab, 'folder' | 'from' | 'to'>) {
  const items: Record<string, unknown>[] = [];
  for (let n = tab.from; n <= tab.to; n += 1) {
    items.push({
      original: stepImageUrl(model, tab.folder, n),
      thumbnail: stepThumbUrl(model, tab.folder, n),
      originalWidth: STEP_IMAGE_SIZE.width,
      originalHeight: STEP_IMAGE_SIZE.height,
    });
  }
  return items;
}

function videoItem(model: DemoModel) {
  const id = videoIdOf(model);
  return {
    original: videoPosterUrl(id),
    thumbnail: videoPosterThumbUrl(id),
    embedUrl: videoEmbedUrl(id),
    originalWidth: 640,
    originalHeight: 360,
    description: `${model.title}: lesson video`,
  };
}

function lessonFields(model: DemoModel): { meta: Record<string, string>; fields: Record<string, unknown> } {
  const program = programOf(model.programId);
  const meta: Record<string, string> = {
    lesson_password: model.code,
    experimental_model: model.experimental ? '1' : '0',
    lesson_plans_title: `${model.title}: lesson plan`,
    lesson_plans_url: lessonPlanUrl(model),
    image_count: String(model.imageCount),
  };
  const fields: Record<string, unknown> = {
    single_model_lego_color: modelTitleImageUrl(model),
    small_image: modelSmallImageUrl(model),
    program_name: program.programName,
    show_in_diffrent_tabs: model.tabs.length > 0,
  };
  for (let i = 0; i < 5; i += 1) {
    fields[`lesson_${i}_gallery`] = false;
    fields[`lesson_${i}_video_frame`] = false;
  }
  if (model.tabs.length > 0) {
    model.tabs.forEach((tab, i) => {
      meta[`lesson_${i}_tab_title`] = tab.title;
      if (tab.video) {
        fields[`lesson_${i}_gallery`] = [videoItem(model)];
        fields[`lesson_${i}_video_frame`] = { url: videoEmbedUrl(videoIdOf(model)) };
        meta[`lesson_${i}_videoid`] = videoIdOf(model);
      } else {
        fields[`lesson_${i}_gallery`] = galleryItems(model, tab);
      }
    });
  } else {
    fields.lesson_0_gallery = galleryItems(model, { folder: '', from: 1, to: model.imageCount });
  }
  if (model.legacyTabs) {
    meta.image_tabs = JSON.stringify(
      model.tabs.filter((tab) => !tab.video).map((tab) => ({ title: tab.title, count: tab.to - tab.from + 1, folder: tab.folder })),
    );
  }
  return { meta, fields };
}

function modelPages(): SeedPage[] {
  const byProgram = new Map<number, DemoModel[]>();
  for (const model of demoModels()) byProgram.set(model.programId, [...(byProgram.get(model.programId) ?? []), model]);
  const pages: SeedPage[] = [];
  for (const models of byProgram.values()) {
    // metadata.order counts within each group (main, experimental), in the order of the spec.
    const counters = { main: 0, experimental: 0 };
    for (const model of models) {
      const order = model.experimental ? ++counters.experimental : ++counters.main;
      const { meta, fields } = lessonFields(model);
      pages.push({
        id: model.id,
        parent: model.programId,
        title: model.title,
        slug: slugOf(model.title),
        menuOrder: order,
        contentHtml: `<p>Build the ${model.title} step by step, then try the experiment.</p>`,
        meta: { ...meta, order: String(order) },
        fields,
      });
    }
  }
  const kit = lessonFields(KIT_CONTENTS);
  pages.push({
    id: KIT_CONTENTS.id,
    parent: KIT_CONTENTS.programId,
    title: KIT_CONTENTS.title,
    slug: 'kit-contents',
    menuOrder: 0,
    contentHtml: '<p>Everything in the Play Machines 1 kit, part by part.</p>',
    meta: { ...kit.meta, order: '0' },
    fields: kit.fields,
  });
  return pages;
}

const TERMS_HTML = `<h2>1. About these terms</h2>
<p>Youngengineer Online (the &ldquo;portal&rdquo;) gives students, their parents and Youngengineer franchise owners access to building instructions, lesson plans and lesson videos. By signing in you agree to these terms. If you are under 16, please read them with a parent or guardian.</p>
<h2>2. Accounts</h2>
<ul>
<li>Student accounts are created by your franchise owner (teacher). Keep your password to yourself and sign out on shared tablets and computers.</li>
<li>Model codes are given by your teacher in class. Please do not share them with other students.</li>
<li>Franchise owners are responsible for the student details they register and keep them up to date.</li>
</ul>
<h2>3. Using the content</h2>
<p>All instructions, images, lesson plans and videos belong to Youngengineer and are licensed only for use in Youngengineer programs. You may not copy, sell or publish them elsewhere.</p>
<h2>4. Children&rsquo;s privacy</h2>
<p>We collect only what is needed to run the lessons: the student&rsquo;s name, the parent&rsquo;s name and contact details, the program and the lesson dates. We never sell personal data and never show advertising. Read our <a href="https://www.youngengineer.example/privacy">privacy notice</a> to learn how we protect it.</p>
<h2>5. Safety</h2>
<ol>
<li>Small parts can be a choking hazard for children under 3.</li>
<li>Build on a clear table and ask an adult for help with motors and batteries.</li>
</ol>
<h2>6. Contact</h2>
<p>Questions about these terms? Write to <a href="mailto:team@demo.portal.test">team@demo.portal.test</a>.</p>
<p><em>Last updated: 1 September 2026.</em></p>`;

export function demoPages(): SeedPage[] {
  const programs: SeedPage[] = DEMO_PROGRAMS.map((program) => ({
    id: program.id,
    parent: CONTENT_IDS.programsRoot,
    title: program.title,
    slug: slugOf(program.title),
    menuOrder: program.order,
    contentHtml: `<p>${program.tagline}.</p>`,
    meta: {
      order: String(program.order),
      hide: program.hidden ? '1' : '0',
      title: program.title,
      program_name: program.programName,
    },
    fields: {
      lego_long: programImageUrl(program, 'long'),
      program_logo: programImageUrl(program, 'logo'),
      program_desktop_backgroung: programImageUrl(program, 'bg-desktop'),
      program_mobile_backgroung: programImageUrl(program, 'bg-mobile'),
    },
  }));
  return [
    { id: CONTENT_IDS.termsPage, parent: 0, title: 'Terms of Use', slug: 'terms-of-use', menuOrder: 0, contentHtml: TERMS_HTML, meta: {}, fields: {} },
    { id: CONTENT_IDS.programsRoot, parent: 0, title: 'Programs', slug: 'programs', menuOrder: 0, contentHtml: '', meta: {}, fields: {} },
    ...programs,
    ...modelPages(),
  ];
}
