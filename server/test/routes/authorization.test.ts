/**
 * The authorization table of the API contract (its section on the portal backend's additions): every route x anonymous, student, franchise
 * owner, other franchise owner and administrator, with the expected status, and no record of
 * another franchise in any answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StudioCatalogue, StudioHistory, StudioModel, StudioProgram, WirePage } from '../../../contract';
import { CLASS_NOW_PATHS, CLASSES_PATHS, INSIGHTS_PATHS, FAMILY_PATHS, DEFAULT_LESSON_SETTINGS, LESSONS_PATHS, MEETINGS_PATHS, OWNER_PATHS, CLASSROOM_PATHS, type ClassRecord, CREDENTIAL_PATHS, SIGN_IN_CARD_PATHS, type IssuedSignInCard, type SignInCardsIssued, PRIVACY_PATHS, PROGRESS_PATHS, REPORT_PATHS, ROSTER_PATHS, STUDENT_IMPORT_PATHS, STUDIO_PATHS, emptyModelInput, emptyProgramInput, type ProblemReportReceipt, type StudentImportPreview, type TermsAcceptanceState } from '../../../contract';
import { unsubscribeSecretFor } from '../../domain/familySettings';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, newStudentBody, startTestServer, userIds, type Answer, type TestServer } from '../harness';
import { openSse } from '../sseClient';

type Caller = 'anonymous' | 'student' | 'owner' | 'otherOwner' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'owner', 'otherOwner', 'admin'];
/** student = Mia (Dana's), owner = Dana, otherOwner = Lee. */
const LOGIN: Record<Exclude<Caller, 'anonymous'>, { username: string; password: string }> = {
  student: DEMO.mia,
  owner: DEMO.dana,
  otherOwner: DEMO.lee,
  admin: DEMO.admin,
};

interface Ctx {
  s: TestServer;
  ids: Awaited<ReturnType<typeof userIds>>;
  catapult: number;
  hiddenChild: number | null;
  hiddenProgram: number;
  /** A published program for teachers only, and a published model of it (codes 7531). */
  teachersProgram: number;
  teachersModel: number;
  /** Dana signed in once for the rows that make her classes (sign-ins per account are limited). */
  danaToken?: string;
}

interface Row {
  /** The registered route this row exercises, as 'METHOD url' (Fastify's url pattern). */
  route: string;
  /** What the row does, when one route has several rows. */
  label?: string;
  call: (c: Ctx, token: string | undefined, caller: Caller) => Promise<Answer>;
  expected: Record<Caller, number>;
}

const KEY = { AUTH_KEY: TEST_AUTH_KEY };
const opt = (token: string | undefined) => (token ? { token } : {});

/** The answers that recur: open to everyone, to anyone signed in, to owners and administrators. */
const EVERYONE: Record<Caller, number> = { anonymous: 200, student: 200, owner: 200, otherOwner: 200, admin: 200 };
const NOBODY_403: Record<Caller, number> = { anonymous: 403, student: 403, owner: 403, otherOwner: 403, admin: 403 };
const SIGNED_IN: Record<Caller, number> = { ...EVERYONE, anonymous: 401 };
const OWNERS_AND_ADMINS: Record<Caller, number> = { ...SIGNED_IN, student: 403 };
const ADMINS_ONLY: Record<Caller, number> = { anonymous: 401, student: 403, owner: 403, otherOwner: 403, admin: 200 };

/** The content studio: administrators only. */
const ADMINS_CREATE: Record<Caller, number> = { ...ADMINS_ONLY, admin: 201 };

/** A new card for Mia, issued by Dana (or for one of Lee's students, by Lee). */
async function miasCard(c: Ctx, owner: 'dana' | 'lee' = 'dana'): Promise<IssuedSignInCard> {
  const ownerId = c.ids.get(owner)?.id;
  const student = owner === 'dana' ? c.ids.get('mia')?.id : [...c.ids.values()].find((u) => u.role === 'student' && u.teacherId === ownerId)?.id;
  const token = await c.s.login(DEMO[owner].username, DEMO[owner].password);
  return ((await c.s.post(SIGN_IN_CARD_PATHS.cards, { students: [student] }, { token })).body as SignInCardsIssued).cards[0]!;
}

const studioProgram = emptyProgramInput;
const studioModel = (code: string) => ({ ...emptyModelInput('Authz Model', false), code });

/** An administrator's fresh studio program (and model) to change or delete; other callers name a demo page (they never get past the check). */
async function studioFixture(c: Ctx, token: string | undefined, caller: Caller): Promise<{ program: number; model: number }> {
  if (caller !== 'admin') return { program: c.hiddenProgram, model: c.catapult };
  const program = (await c.s.post(STUDIO_PATHS.createProgram, studioProgram('Authz Program'), opt(token))).body as StudioProgram;
  const model = (await c.s.post(STUDIO_PATHS.createModel(program.id), studioModel('1234'), opt(token))).body as StudioModel;
  return { program: program.id, model: model.id };
}

const STUDIO_ROWS: Row[] = [
  { route: `GET ${STUDIO_PATHS.catalogue}`, call: (c, t) => c.s.get(STUDIO_PATHS.catalogue, opt(t)), expected: ADMINS_ONLY },
  { route: `POST ${STUDIO_PATHS.createProgram}`, call: (c, t) => c.s.post(STUDIO_PATHS.createProgram, studioProgram('Authz New'), opt(t)), expected: ADMINS_CREATE },
  { route: `GET ${STUDIO_PATHS.program(':id')}`, call: (c, t) => c.s.get(STUDIO_PATHS.program(c.hiddenProgram), opt(t)), expected: ADMINS_ONLY },
  {
    route: `PUT ${STUDIO_PATHS.program(':id')}`,
    call: async (c, t, caller) => c.s.request('PUT', STUDIO_PATHS.program((await studioFixture(c, t, caller)).program), studioProgram('Authz Renamed'), opt(t)),
    expected: ADMINS_ONLY,
  },
  {
    route: `DELETE ${STUDIO_PATHS.program(':id')}`,
    call: async (c, t, caller) => {
      const id = caller === 'admin' ? ((await c.s.post(STUDIO_PATHS.createProgram, studioProgram('Authz Empty'), opt(t))).body as StudioProgram).id : c.hiddenProgram;
      return c.s.request('DELETE', STUDIO_PATHS.program(id), undefined, opt(t));
    },
    expected: ADMINS_ONLY,
  },
  {
    route: `POST ${STUDIO_PATHS.programOrder}`,
    call: async (c, t, caller) => {
      const ids = caller === 'admin' ? ((await c.s.get(STUDIO_PATHS.catalogue, opt(t))).body as StudioCatalogue).programs.map((p) => p.id) : [c.hiddenProgram];
      return c.s.post(STUDIO_PATHS.programOrder, { ids }, opt(t));
    },
    expected: ADMINS_ONLY,
  },
  {
    route: `POST ${STUDIO_PATHS.createModel(':id')}`,
    call: async (c, t, caller) => c.s.post(STUDIO_PATHS.createModel((await studioFixture(c, t, caller)).program), studioModel('4321'), opt(t)),
    expected: ADMINS_CREATE,
  },
  {
    route: `POST ${STUDIO_PATHS.modelOrder(':id')}`,
    call: async (c, t, caller) => {
      const { program, model } = await studioFixture(c, t, caller);
      return c.s.post(STUDIO_PATHS.modelOrder(program), { ids: [model] }, opt(t));
    },
    expected: ADMINS_ONLY,
  },
  { route: `POST ${STUDIO_PATHS.generateCode(':id')}`, call: (c, t) => c.s.post(STUDIO_PATHS.generateCode(c.hiddenProgram), undefined, opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${STUDIO_PATHS.model(':id')}`, call: (c, t) => c.s.get(STUDIO_PATHS.model(c.catapult), opt(t)), expected: ADMINS_ONLY },
  {
    route: `PUT ${STUDIO_PATHS.model(':id')}`,
    call: async (c, t, caller) => c.s.request('PUT', STUDIO_PATHS.model((await studioFixture(c, t, caller)).model), studioModel('1234'), opt(t)),
    expected: ADMINS_ONLY,
  },
  {
    route: `DELETE ${STUDIO_PATHS.model(':id')}`,
    call: async (c, t, caller) => c.s.request('DELETE', STUDIO_PATHS.model((await studioFixture(c, t, caller)).model), undefined, opt(t)),
    expected: ADMINS_ONLY,
  },
  {
    route: `POST ${STUDIO_PATHS.publish(':id')}`,
    call: async (c, t, caller) => c.s.post(STUDIO_PATHS.publish((await studioFixture(c, t, caller)).program), undefined, opt(t)),
    expected: ADMINS_ONLY,
  },
  { route: `POST ${STUDIO_PATHS.discard(':id')}`, call: (c, t) => c.s.post(STUDIO_PATHS.discard(c.catapult), undefined, opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${STUDIO_PATHS.preview(':id')}`, call: (c, t) => c.s.get(STUDIO_PATHS.preview(c.catapult), opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${STUDIO_PATHS.history(':id')}`, call: (c, t) => c.s.get(STUDIO_PATHS.history(c.catapult), opt(t)), expected: ADMINS_ONLY },
  {
    route: `POST ${STUDIO_PATHS.putBack(':id', ':versionId')}`,
    call: async (c, t, caller) => {
      const { program, model } = await studioFixture(c, t, caller);
      let version = 1;
      if (caller === 'admin') {
        await c.s.post(STUDIO_PATHS.publish(program), undefined, opt(t));
        await c.s.post(STUDIO_PATHS.publish(model), undefined, opt(t));
        version = ((await c.s.get(STUDIO_PATHS.history(model), opt(t))).body as StudioHistory).versions[0]!.id;
      }
      return c.s.post(STUDIO_PATHS.putBack(model, version), undefined, opt(t));
    },
    expected: ADMINS_ONLY,
  },
  { route: `GET ${STUDIO_PATHS.trash}`, call: (c, t) => c.s.get(STUDIO_PATHS.trash, opt(t)), expected: ADMINS_ONLY },
  {
    route: `POST ${STUDIO_PATHS.restore(':id')}`,
    call: async (c, t, caller) => {
      const { program } = await studioFixture(c, t, caller);
      if (caller === 'admin') await c.s.request('DELETE', STUDIO_PATHS.program(program), undefined, opt(t));
      return c.s.post(STUDIO_PATHS.restore(program), undefined, opt(t));
    },
    expected: ADMINS_ONLY,
  },
  { route: `GET ${STUDIO_PATHS.settings}`, call: (c, t) => c.s.get(STUDIO_PATHS.settings, opt(t)), expected: ADMINS_ONLY },
  {
    route: `PUT ${STUDIO_PATHS.settings}`,
    call: (c, t) => c.s.request('PUT', STUDIO_PATHS.settings, { studentsSeeEnrolledProgramOnly: false }, opt(t)),
    expected: ADMINS_ONLY,
  },
];

/** A program for teachers, and what lies under it: franchise owners and administrators only. */
const TEACHERS_ONLY: Record<Caller, number> = { anonymous: 404, student: 404, owner: 200, otherOwner: 200, admin: 200 };

/** One student: their owner and administrators; another owner gets 404 as for an unknown id. */
const OWN_STUDENT: Record<Caller, number> = { anonymous: 401, student: 403, owner: 200, otherOwner: 404, admin: 200 };

/** A new student of Dana's for the routes about one student, so that none of them touches the table's Mia. */
async function danasNewStudent(c: Ctx, tag: string): Promise<number> {
  const body = newStudentBody(tag);
  await c.s.post(PATHS.createStudent, body, { token: await c.s.login('dana', DEMO.dana.password) });
  const row = await c.s.db.kysely.selectFrom('users').select('id').where('email', '=', String(body.ParentEmail).toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

/** The class-now stream as an answer: its status, and its first event (the snapshot) as the body. */
async function classNowStream(c: Ctx, token: string | undefined, query: string): Promise<Answer> {
  const conn = await openSse(c.s.baseUrl + CLASS_NOW_PATHS.classNowEvents + query, token);
  try {
    if (conn.status !== 200) return { status: conn.status, headers: conn.headers, body: conn.body, text: conn.text };
    const snapshot = await conn.next((e) => e.type === 'snapshot', 5000, 0);
    return { status: conn.status, headers: conn.headers, body: snapshot, text: JSON.stringify(snapshot) };
  } finally {
    conn.close();
  }
}

const CREDENTIAL_ROWS: Row[] = [
  { route: `GET ${CREDENTIAL_PATHS.studentCredentials(':id')}`, call: (c, t) => c.s.get(CREDENTIAL_PATHS.studentCredentials(c.ids.get('mia')?.id ?? 0), opt(t)), expected: OWN_STUDENT },
  {
    route: `POST ${CREDENTIAL_PATHS.studentPassword(':id')}`,
    call: async (c, t, caller) => c.s.post(CREDENTIAL_PATHS.studentPassword(await danasNewStudent(c, `authz-pw-${caller}`)), undefined, opt(t)),
    expected: OWN_STUDENT,
  },
  {
    route: `POST ${CREDENTIAL_PATHS.studentSignInMail(':id')}`,
    // The mail's password is pending: Mia's own keeps working for the rest of the table.
    call: (c, t) => c.s.post(CREDENTIAL_PATHS.studentSignInMail(c.ids.get('mia')?.id ?? 0), undefined, opt(t)),
    expected: OWN_STUDENT,
  },
  {
    route: `POST ${CREDENTIAL_PATHS.myPassword}`,
    label: 'a new password too short (refused after the caller is known, so no session of the table ends)',
    call: (c, t, caller) => c.s.post(CREDENTIAL_PATHS.myPassword, { currentPassword: caller === 'anonymous' ? 'x' : LOGIN[caller].password, newPassword: 'short' }, opt(t)),
    expected: { anonymous: 401, student: 400, owner: 400, otherOwner: 400, admin: 400 },
  },
];

const ROSTER_EDIT_ROWS: Row[] = [
  { route: `GET ${ROSTER_PATHS.student(':id')}`, call: (c, t) => c.s.get(ROSTER_PATHS.student(c.ids.get('mia')?.id ?? 0), opt(t)), expected: OWN_STUDENT },
  {
    route: `PATCH ${ROSTER_PATHS.student(':id')}`,
    call: (c, t) => c.s.request('PATCH', ROSTER_PATHS.student(c.ids.get('mia')?.id ?? 0), { Phone: '052-555-0123' }, opt(t)),
    expected: OWN_STUDENT,
  },
  { route: `POST ${ROSTER_PATHS.studentEnd(':id')}`, call: async (c, t, caller) => c.s.post(ROSTER_PATHS.studentEnd(await danasNewStudent(c, `end-${caller}`)), undefined, opt(t)), expected: OWN_STUDENT },
  {
    route: `POST ${ROSTER_PATHS.studentReactivate(':id')}`,
    call: async (c, t, caller) => c.s.post(ROSTER_PATHS.studentReactivate(await danasNewStudent(c, `reactivate-${caller}`)), { LessonEndDate: '2099-12-31' }, opt(t)),
    expected: OWN_STUDENT,
  },
  {
    route: `POST ${ROSTER_PATHS.studentMove(':id')}`,
    call: async (c, t, caller) => c.s.post(ROSTER_PATHS.studentMove(await danasNewStudent(c, `move-${caller}`)), { teacherId: c.ids.get('lee')?.id }, opt(t)),
    expected: ADMINS_ONLY,
  },
  { route: `GET ${ROSTER_PATHS.audit}`, call: (c, t) => c.s.get(ROSTER_PATHS.audit, opt(t)), expected: ADMINS_ONLY },
];

/** An administrator's new franchise owner to deactivate; other callers name Maria (they never get past the check). */
async function ownerToDeactivate(c: Ctx, token: string | undefined, caller: Caller): Promise<number> {
  const maria = c.ids.get('maria')?.id ?? 0;
  if (caller !== 'admin') return maria;
  const body = { ...KEY, FirstName: 'Authz', LastName: 'Owner', Email: `authz.owner.${caller}@example.test`, Country: 'Israel', State: 'Haifa', Territory: 'North' };
  return ((await c.s.post(PATHS.createOwner, body, opt(token))).body as { user_id: number }).user_id;
}

/** The office's franchise owners: administrators only. Maria is no caller of the table: her record is read and left as it is. */
const OWNER_ROWS: Row[] = [
  { route: `GET ${OWNER_PATHS.totals}`, call: (c, t) => c.s.get(OWNER_PATHS.totals, opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${OWNER_PATHS.owner(':id')}`, call: (c, t) => c.s.get(OWNER_PATHS.owner(c.ids.get('maria')?.id ?? 0), opt(t)), expected: ADMINS_ONLY },
  {
    route: `PATCH ${OWNER_PATHS.owner(':id')}`,
    call: (c, t) => c.s.request('PATCH', OWNER_PATHS.owner(c.ids.get('maria')?.id ?? 0), { territory: 'Austin' }, opt(t)),
    expected: ADMINS_ONLY,
  },
  {
    route: `POST ${OWNER_PATHS.deactivate(':id')}`,
    call: async (c, t, caller) => c.s.post(OWNER_PATHS.deactivate(await ownerToDeactivate(c, t, caller)), { students: 'keep' }, opt(t)),
    expected: ADMINS_ONLY,
  },
  { route: `POST ${OWNER_PATHS.reactivate(':id')}`, call: (c, t) => c.s.post(OWNER_PATHS.reactivate(c.ids.get('maria')?.id ?? 0), undefined, opt(t)), expected: ADMINS_ONLY },
];

/** Where children get stuck: owners their own students', administrators everyone's or one owner's. */
const INSIGHTS_ROWS: Row[] = [
  {
    route: `GET ${INSIGHTS_PATHS.stuckSteps}`,
    label: "the caller's own students (every student for an administrator)",
    call: (c, t) => c.s.get(INSIGHTS_PATHS.stuckSteps, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `GET ${INSIGHTS_PATHS.stuckSteps}`,
    label: "?owner= Dana: another owner's students are refused",
    call: (c, t) => c.s.get(`${INSIGHTS_PATHS.stuckSteps}?owner=${c.ids.get('dana')!.id}`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  {
    route: `GET ${INSIGHTS_PATHS.stuckSteps}`,
    label: '?owner= a student: no such owner for an administrator',
    call: (c, t) => c.s.get(`${INSIGHTS_PATHS.stuckSteps}?owner=${c.ids.get('mia')!.id}`, opt(t)),
    expected: { anonymous: 401, student: 403, owner: 403, otherOwner: 403, admin: 404 },
  },
];

const PRIVACY_ROWS: Row[] = [
  { route: `GET ${PRIVACY_PATHS.studentData(':id')}`, call: async (c, t, caller) => c.s.get(PRIVACY_PATHS.studentData(await danasNewStudent(c, `data-${caller}`)), opt(t)), expected: OWN_STUDENT },
  {
    route: `DELETE ${PRIVACY_PATHS.studentErase(':id')}`,
    call: async (c, t, caller) => c.s.request('DELETE', PRIVACY_PATHS.studentErase(await danasNewStudent(c, `erase-${caller}`)), { confirm: true }, opt(t)),
    expected: OWN_STUDENT,
  },
  { route: `GET ${PRIVACY_PATHS.termsAcceptance}`, call: (c, t) => c.s.get(PRIVACY_PATHS.termsAcceptance, opt(t)), expected: SIGNED_IN },
  {
    route: `POST ${PRIVACY_PATHS.termsAcceptance}`,
    call: async (c, t) => {
      const state = (await c.s.get(PRIVACY_PATHS.termsAcceptance, { token: await c.s.login('maria', DEMO.maria.password) })).body as TermsAcceptanceState;
      return c.s.post(PRIVACY_PATHS.termsAcceptance, { version: state.currentVersion }, opt(t));
    },
    expected: SIGNED_IN,
  },
];

/** The bulk student import: owners into their own roster, administrators into the owner they name. */
const IMPORT_CSV = Buffer.from(
  'Student First Name,Student Last Name,Parent Name,Parent Email,Phone,Program,Start Date,End Date,Lessons\nAuthz,Kid,Authz Parent,authz.import@example.test,+972 52 555 0101,Play Machines 1,2026-03-01,2026-06-30,16\n',
);

/** Dana's preview (an administrator's own when the caller is one): what the other callers try to read or confirm. */
async function danaPreview(c: Ctx): Promise<number> {
  const token = await c.s.login(DEMO.dana.username, DEMO.dana.password);
  return ((await uploadAs(c, STUDENT_IMPORT_PATHS.previews, IMPORT_CSV, 'students.csv', token)).body as StudentImportPreview).id;
}

const STUDENT_IMPORT_ROWS: Row[] = [
  {
    route: `POST ${STUDENT_IMPORT_PATHS.previews}`,
    call: (c, t, caller) => uploadAs(c, `${STUDENT_IMPORT_PATHS.previews}${caller === 'admin' ? `?ownerId=${c.ids.get('dana')?.id}` : ''}`, IMPORT_CSV, 'students.csv', t),
    expected: { anonymous: 401, student: 403, owner: 201, otherOwner: 201, admin: 201 },
  },
  {
    route: `GET ${STUDENT_IMPORT_PATHS.preview(':id')}`,
    label: "Dana's preview",
    call: async (c, t) => c.s.get(STUDENT_IMPORT_PATHS.preview(await danaPreview(c)), opt(t)),
    expected: { anonymous: 401, student: 403, owner: 200, otherOwner: 404, admin: 200 },
  },
  {
    route: `POST ${STUDENT_IMPORT_PATHS.confirm(':id')}`,
    label: "Dana's preview (a duplicate once imported: skipped)",
    call: async (c, t) => c.s.post(STUDENT_IMPORT_PATHS.confirm(await danaPreview(c)), { skipDuplicates: true }, opt(t)),
    expected: { anonymous: 401, student: 403, owner: 200, otherOwner: 404, admin: 200 },
  },
];

/** A class as the owner writes it; `name` unique per row and caller. */
const classBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  programId: 130,
  place: 'Oak Street School',
  weekdays: [1, 3],
  startTime: '16:00',
  lengthMinutes: 60,
  startDate: '2026-03-01',
  endDate: '2026-06-30',
  timeZone: 'Asia/Jerusalem',
  studentIds: [],
  ...extra,
});

/** A new class of Dana's (with Mia in it), for the routes about one class. */
async function danasClass(c: Ctx, tag: string): Promise<number> {
  c.danaToken ??= await c.s.login(DEMO.dana.username, DEMO.dana.password);
  return ((await c.s.post(CLASSES_PATHS.classes, classBody(`Authz ${tag}`, { studentIds: [c.ids.get('mia')?.id] }), { token: c.danaToken })).body as ClassRecord).id;
}

/** One class: its owner and administrators; another owner gets 404 as for an unknown class. */
const OWN_CLASS: Record<Caller, number> = { anonymous: 401, student: 403, owner: 200, otherOwner: 404, admin: 200 };

const CLASSES_ROWS: Row[] = [
  { route: `GET ${CLASSES_PATHS.classes}`, label: "the caller's own (every owner's for an administrator)", call: (c, t) => c.s.get(CLASSES_PATHS.classes, opt(t)), expected: OWNERS_AND_ADMINS },
  {
    route: `GET ${CLASSES_PATHS.classes}`,
    label: "?owner= Dana: another owner's classes are refused",
    call: (c, t) => c.s.get(`${CLASSES_PATHS.classes}?owner=${c.ids.get('dana')!.id}&archived=1`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  {
    route: `POST ${CLASSES_PATHS.classes}`,
    label: "the caller's own (an administrator names Dana)",
    call: (c, t, caller) => c.s.post(CLASSES_PATHS.classes, classBody(`Authz new ${caller}`, caller === 'admin' ? { ownerId: c.ids.get('dana')!.id } : {}), opt(t)),
    expected: { anonymous: 401, student: 403, owner: 201, otherOwner: 201, admin: 201 },
  },
  { route: `GET ${CLASSES_PATHS.class(':id')}`, call: async (c, t, caller) => c.s.get(CLASSES_PATHS.class(await danasClass(c, `get ${caller}`)), opt(t)), expected: OWN_CLASS },
  {
    route: `PUT ${CLASSES_PATHS.class(':id')}`,
    call: async (c, t, caller) => c.s.request('PUT', CLASSES_PATHS.class(await danasClass(c, `put ${caller}`)), classBody(`Authz renamed ${caller}`, { studentIds: [c.ids.get('mia')?.id] }), opt(t)),
    expected: OWN_CLASS,
  },
  {
    route: `POST ${CLASSES_PATHS.classArchive(':id')}`,
    call: async (c, t, caller) => c.s.post(CLASSES_PATHS.classArchive(await danasClass(c, `archive ${caller}`)), { archived: true }, opt(t)),
    expected: OWN_CLASS,
  },
];

/** The first meeting (2 March) of a new class of Dana's, with Mia in it. */
async function danasMeeting(c: Ctx, tag: string): Promise<number> {
  const classId = await danasClass(c, tag);
  return (await c.s.db.kysely.selectFrom('class_meetings').select('id').where('class_id', '=', classId).orderBy('starts_at_utc').executeTakeFirstOrThrow()).id;
}

const WEEK = '?from=2026-03-09&to=2026-03-15';

const MEETINGS_ROWS: Row[] = [
  { route: `GET ${MEETINGS_PATHS.meetings}`, label: "the caller's own (every owner's for an administrator)", call: (c, t) => c.s.get(MEETINGS_PATHS.meetings + WEEK, opt(t)), expected: OWNERS_AND_ADMINS },
  {
    route: `GET ${MEETINGS_PATHS.meetings}`,
    label: "?owner= Dana: another owner's meetings are refused",
    call: (c, t) => c.s.get(`${MEETINGS_PATHS.meetings}${WEEK}&owner=${c.ids.get('dana')!.id}`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  { route: `GET ${MEETINGS_PATHS.meeting(':id')}`, call: async (c, t, caller) => c.s.get(MEETINGS_PATHS.meeting(await danasMeeting(c, `meeting get ${caller}`)), opt(t)), expected: OWN_CLASS },
  {
    route: `PUT ${MEETINGS_PATHS.meeting(':id')}`,
    label: 'a note',
    call: async (c, t, caller) => c.s.request('PUT', MEETINGS_PATHS.meeting(await danasMeeting(c, `meeting put ${caller}`)), { note: 'Room 4' }, opt(t)),
    expected: OWN_CLASS,
  },
  {
    route: `POST ${MEETINGS_PATHS.classMeetings(':id')}`,
    label: 'an extra meeting',
    call: async (c, t, caller) => c.s.post(MEETINGS_PATHS.classMeetings(await danasClass(c, `extra ${caller}`)), { startsAt: '2026-03-05T10:00' }, opt(t)),
    expected: { ...OWN_CLASS, owner: 201, admin: 201 },
  },
  { route: `GET ${MEETINGS_PATHS.attendance(':id')}`, call: async (c, t, caller) => c.s.get(MEETINGS_PATHS.attendance(await danasMeeting(c, `attendance get ${caller}`)), opt(t)), expected: OWN_CLASS },
  {
    route: `PUT ${MEETINGS_PATHS.attendance(':id')}`,
    label: 'Mia present',
    call: async (c, t, caller) => c.s.request('PUT', MEETINGS_PATHS.attendance(await danasMeeting(c, `attendance put ${caller}`)), { marks: [{ studentId: c.ids.get('mia')?.id, mark: 'present' }] }, opt(t)),
    expected: OWN_CLASS,
  },
];

/** Dana's calendar address (a new one each time: each replaces the one before). */
async function danasCalendarPath(c: Ctx): Promise<string> {
  c.danaToken ??= await c.s.login(DEMO.dana.username, DEMO.dana.password);
  return new URL((((await c.s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: c.danaToken })).body) as { url: string }).url).pathname;
}

/** Her own subscription: franchise owners only (an administrator has every owner's timetable, no one's feed). */
const OWN_FEED: Record<Caller, number> = { anonymous: 401, student: 403, owner: 200, otherOwner: 200, admin: 403 };

/** Lessons used and left, renewals and the office's report: Mia's, another owner's 404, students 403. */
const LESSONS_ROWS: Row[] = [
  { route: `GET ${LESSONS_PATHS.studentLessons(':id')}`, call: (c, t) => c.s.get(LESSONS_PATHS.studentLessons(c.ids.get('mia')?.id ?? 0), opt(t)), expected: OWN_STUDENT },
  {
    route: `POST ${LESSONS_PATHS.studentRenewal(':id')}`,
    call: (c, t) => c.s.post(LESSONS_PATHS.studentRenewal(c.ids.get('mia')?.id ?? 0), { addLessons: 1, endDate: '2099-12-31' }, opt(t)),
    expected: OWN_STUDENT,
  },
  { route: `GET ${LESSONS_PATHS.renewalsDue}`, label: "the caller's own (everyone's for an administrator)", call: (c, t) => c.s.get(LESSONS_PATHS.renewalsDue, opt(t)), expected: OWNERS_AND_ADMINS },
  {
    route: `GET ${LESSONS_PATHS.renewalsDue}`,
    label: "?owner= Dana: another owner's list is refused",
    call: (c, t) => c.s.get(`${LESSONS_PATHS.renewalsDue}?owner=${c.ids.get('dana')!.id}`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  { route: `GET ${LESSONS_PATHS.lessonSettings}`, call: (c, t) => c.s.get(LESSONS_PATHS.lessonSettings, opt(t)), expected: OWNERS_AND_ADMINS },
  { route: `PUT ${LESSONS_PATHS.lessonSettings}`, call: (c, t) => c.s.request('PUT', LESSONS_PATHS.lessonSettings, DEFAULT_LESSON_SETTINGS, opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${LESSONS_PATHS.monthlyReport}`, call: (c, t) => c.s.get(`${LESSONS_PATHS.monthlyReport}?month=2026-03`, opt(t)), expected: ADMINS_ONLY },
];

const CALENDAR_ROWS: Row[] = [
  { route: `GET ${MEETINGS_PATHS.calendarFeed}`, call: (c, t) => c.s.get(MEETINGS_PATHS.calendarFeed, opt(t)), expected: OWN_FEED },
  { route: `POST ${MEETINGS_PATHS.calendarFeed}`, call: (c, t) => c.s.post(MEETINGS_PATHS.calendarFeed, undefined, opt(t)), expected: { ...OWN_FEED, owner: 201, otherOwner: 201 } },
  { route: `DELETE ${MEETINGS_PATHS.calendarFeed}`, call: (c, t) => c.s.request('DELETE', MEETINGS_PATHS.calendarFeed, undefined, opt(t)), expected: OWN_FEED },
  {
    route: `GET ${MEETINGS_PATHS.calendarFile(':secret')}`,
    label: "Dana's address: the address is the key (a calendar app cannot sign in), whoever holds it",
    call: async (c, t) => c.s.get(await danasCalendarPath(c), opt(t)),
    expected: { anonymous: 200, student: 200, owner: 200, otherOwner: 200, admin: 200 },
  },
  {
    route: `GET ${MEETINGS_PATHS.calendarFile(':secret')}`,
    label: 'an address never made, or replaced: not found, whoever asks',
    call: (c, t) => c.s.get(MEETINGS_PATHS.calendarFile('x'.repeat(43)), opt(t)),
    expected: { anonymous: 404, student: 404, owner: 404, otherOwner: 404, admin: 404 },
  },
];

/** The summary mail's one-click unsubscribe of Mia's family (a new secret each time: each replaces the one before). */
async function miasUnsubscribePath(c: Ctx): Promise<string> {
  const secret = await unsubscribeSecretFor(c.s.db.kysely, c.ids.get('dana')!.id, DEMO.mia.email);
  return FAMILY_PATHS.unsubscribe(secret);
}

const FAMILY_UNSUBSCRIBE_ROWS: Row[] = [
  {
    route: `POST ${FAMILY_PATHS.unsubscribe(':secret')}`,
    label: "Mia's family's secret: the mail's address is the key (a mail app cannot sign in), whoever holds it",
    call: async (c, t) => c.s.post(await miasUnsubscribePath(c), { 'List-Unsubscribe': 'One-Click' }, { ...opt(t), form: true }),
    expected: { anonymous: 200, student: 200, owner: 200, otherOwner: 200, admin: 200 },
  },
  {
    route: `POST ${FAMILY_PATHS.unsubscribe(':secret')}`,
    label: 'a secret never made, or replaced: not found, whoever asks',
    call: (c, t) => c.s.post(FAMILY_PATHS.unsubscribe('x'.repeat(43)), {}, opt(t)),
    expected: { anonymous: 404, student: 404, owner: 404, otherOwner: 404, admin: 404 },
  },
];

/** A problem report as the app sends it (a small recorder log, redacted). */
const reportBody = (tag: string, extra: Record<string, unknown> = {}) => ({
  note: `Authz report ${tag}`,
  log: JSON.stringify({
    format: 'youngengineer-online/action-log',
    formatVersion: 1,
    appVersion: '0.1.0',
    persistVersion: 1,
    recordedAt: '2026-11-25T10:00:00.000Z',
    startedAt: '2026-11-25T09:59:00.000Z',
    capacity: 5000,
    dropped: 0,
    startState: {},
    actions: [{ time: '2026-11-25T09:59:01.000Z', action: { type: 'session/tokenValidated' } }],
  }),
  appVersion: '0.1.0',
  userAgent: 'authz',
  screen: '1024x768',
  clientId: `authz-${tag}-${Date.now()}`,
  ...extra,
});

/** A report Mia sent, with a picture: what the other callers try to read or change. */
async function miasReport(c: Ctx, tag: string): Promise<number> {
  const token = await c.s.login(DEMO.mia.username, DEMO.mia.password);
  const picture = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
  return ((await c.s.post(REPORT_PATHS.reports, reportBody(tag, { screenshot: picture }), { token })).body as ProblemReportReceipt).id;
}

const REPORT_ROWS: Row[] = [
  {
    route: `POST ${REPORT_PATHS.reports}`,
    call: (c, t, caller) => c.s.post(REPORT_PATHS.reports, reportBody(caller), opt(t)),
    expected: { anonymous: 401, student: 201, owner: 201, otherOwner: 201, admin: 201 },
  },
  { route: `GET ${REPORT_PATHS.reports}`, call: (c, t) => c.s.get(REPORT_PATHS.reports, opt(t)), expected: ADMINS_ONLY },
  { route: `GET ${REPORT_PATHS.report(':id')}`, label: "Mia's report", call: async (c, t, caller) => c.s.get(REPORT_PATHS.report(await miasReport(c, `get-${caller}`)), opt(t)), expected: ADMINS_ONLY },
  {
    route: `GET ${REPORT_PATHS.screenshot(':id')}`,
    label: "Mia's report",
    call: async (c, t, caller) => c.s.get(REPORT_PATHS.screenshot(await miasReport(c, `pic-${caller}`)), opt(t)),
    expected: ADMINS_ONLY,
  },
  {
    route: `PATCH ${REPORT_PATHS.report(':id')}`,
    label: "Mia's report",
    call: async (c, t, caller) => c.s.request('PATCH', REPORT_PATHS.report(await miasReport(c, `patch-${caller}`)), { status: 'fixed', comment: 'authz' }, opt(t)),
    expected: ADMINS_ONLY,
  },
];

/** A GET that answers everyone alike: the app, its configuration and the content files. */
function getForEveryone(route: string, url: string, label?: string): Row {
  return { route, ...(label ? { label } : {}), call: (c, t) => c.s.get(url, opt(t)), expected: EVERYONE };
}

const STUDIO_UPLOADERS: Record<Caller, number> = { anonymous: 401, student: 403, owner: 403, otherOwner: 403, admin: 200 };

/** A multipart upload of one file in the field "file" (the content studio's upload routes). */
async function uploadAs(c: Ctx, urlPath: string, content: Buffer, name: string, token: string | undefined): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(c.s.baseUrl + urlPath, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown, text };
}

/** A 1 x 1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** A parent's routes take only a parent's token (family.test.ts has a parent's): any other is 403, none 401. */
const PARENTS_ONLY: Record<Caller, number> = { anonymous: 401, student: 403, owner: 403, otherOwner: 403, admin: 403 };
/** Dana's families: Dana, and administrators naming her. */
const DANAS_FAMILIES: Record<Caller, number> = { anonymous: 401, student: 403, owner: 200, otherOwner: 403, admin: 200 };
const danaId = (c: Ctx) => c.ids.get('dana')?.id ?? 0;
const miaId = (c: Ctx) => c.ids.get('mia')?.id ?? 0;

const FAMILY_ROWS: Row[] = [
  {
    route: `POST ${FAMILY_PATHS.signInLink}`,
    label: 'an address nobody has (the same answer as a parent\'s)',
    call: (c, t) => c.s.post(FAMILY_PATHS.signInLink, { email: 'authz-nobody@example.test' }, opt(t)),
    expected: EVERYONE,
  },
  { route: `POST ${FAMILY_PATHS.session}`, label: 'an unknown link', call: (c, t) => c.s.post(FAMILY_PATHS.session, { secret: 'a'.repeat(43) }, opt(t)), expected: NOBODY_403 },
  { route: `DELETE ${FAMILY_PATHS.signOut}`, call: (c, t) => c.s.request('DELETE', FAMILY_PATHS.signOut, undefined, opt(t)), expected: PARENTS_ONLY },
  { route: `GET ${FAMILY_PATHS.overview}`, call: (c, t) => c.s.get(FAMILY_PATHS.overview, opt(t)), expected: PARENTS_ONLY },
  { route: `GET ${FAMILY_PATHS.childData(':id')}`, call: (c, t) => c.s.get(FAMILY_PATHS.childData(miaId(c)), opt(t)), expected: PARENTS_ONLY },
  { route: `POST ${FAMILY_PATHS.erasureRequest(':id')}`, call: (c, t) => c.s.post(FAMILY_PATHS.erasureRequest(miaId(c)), {}, opt(t)), expected: PARENTS_ONLY },
  { route: `POST ${FAMILY_PATHS.message(':id')}`, call: (c, t) => c.s.post(FAMILY_PATHS.message(miaId(c)), { text: 'Hello' }, opt(t)), expected: PARENTS_ONLY },
  { route: `PUT ${FAMILY_PATHS.settings}`, call: (c, t) => c.s.request('PUT', FAMILY_PATHS.settings, { language: 'en' }, opt(t)), expected: PARENTS_ONLY },
  { route: `GET ${FAMILY_PATHS.ownerSettings}`, label: "Dana's", call: (c, t) => c.s.get(`${FAMILY_PATHS.ownerSettings}?owner=${danaId(c)}`, opt(t)), expected: DANAS_FAMILIES },
  {
    route: `PUT ${FAMILY_PATHS.ownerSettings}`,
    label: "Dana's",
    call: (c, t) => c.s.request('PUT', FAMILY_PATHS.ownerSettings, { ownerId: danaId(c), frequency: 'monthly' }, opt(t)),
    expected: DANAS_FAMILIES,
  },
  {
    route: `GET ${FAMILY_PATHS.familyLanguage}`,
    label: "Mia's family (Dana's)",
    call: (c, t) => c.s.get(`${FAMILY_PATHS.familyLanguage}?parentEmail=${encodeURIComponent(DEMO.mia.email)}&owner=${danaId(c)}`, opt(t)),
    expected: DANAS_FAMILIES,
  },
  {
    route: `PUT ${FAMILY_PATHS.familyLanguage}`,
    label: "Mia's family (Dana's)",
    call: (c, t) => c.s.request('PUT', FAMILY_PATHS.familyLanguage, { parentEmail: DEMO.mia.email, language: 'en', owner: danaId(c) }, opt(t)),
    expected: DANAS_FAMILIES,
  },
  { route: `GET ${FAMILY_PATHS.erasureRequests}`, call: (c, t) => c.s.get(FAMILY_PATHS.erasureRequests, opt(t)), expected: OWNERS_AND_ADMINS },
];

const ROWS: Row[] = [
  { route: `POST ${STUDIO_PATHS.uploadImages}`, call: (c, t) => uploadAs(c, STUDIO_PATHS.uploadImages, TINY_PNG, 'step.png', t), expected: STUDIO_UPLOADERS },
  { route: `POST ${STUDIO_PATHS.uploadFile}`, call: (c, t) => uploadAs(c, STUDIO_PATHS.uploadFile, Buffer.from('%PDF-1.4\n%%EOF\n'), 'plan.pdf', t), expected: STUDIO_UPLOADERS },
  {
    route: `POST ${PATHS.validate}`,
    call: (c, t) => c.s.post(PATHS.validate, undefined, opt(t)),
    expected: { anonymous: 403, student: 200, owner: 200, otherOwner: 200, admin: 200 },
  },
  {
    route: `POST ${PATHS.students}`,
    call: (c, t) => c.s.post(PATHS.students, KEY, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `POST ${PATHS.users}`,
    call: (c, t) => c.s.post(PATHS.users, KEY, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `POST ${PATHS.createStudent}`,
    label: 'TeacherId of another owner',
    // Owners name the other franchise in TeacherId: it must be ignored. The admin names Dana.
    call: (c, t, caller) =>
      c.s.post(PATHS.createStudent, newStudentBody(`authz-${caller}`, { TeacherId: caller === 'owner' ? c.ids.get('lee')?.id : c.ids.get('dana')?.id }), opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `POST ${CLASSROOM_PATHS.classUnlocks}`,
    label: "all of the caller's students",
    call: (c, t, caller) => c.s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: c.catapult, students: 'all', ...(caller === 'admin' ? { ownerId: c.ids.get('dana')?.id } : {}) }, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `POST ${CLASSROOM_PATHS.classUnlocks}`,
    label: "a class of Dana's: another owner's class is 404",
    call: async (c, t, caller) => c.s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: c.catapult, students: 'all', classId: await danasClass(c, `unlock ${caller}`) }, opt(t)),
    expected: OWN_CLASS,
  },
  {
    route: `POST ${CLASSROOM_PATHS.classUnlocks}`,
    label: "Mia, Dana's student",
    call: (c, t) => c.s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: c.catapult, students: [c.ids.get('mia')?.id] }, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 404 },
  },
  {
    route: `PUT ${PROGRESS_PATHS.myProgress}`,
    label: 'Catapult, unlocked by the caller first',
    call: async (c, t) => {
      await c.s.post(PATHS.unlock, { ...KEY, lesson_id: c.catapult, code: '2468' }, opt(t));
      return c.s.request('PUT', PROGRESS_PATHS.myProgress, { lessonId: c.catapult, tabId: 'tab-1', tabIndex: 0, tabs: 2, step: 3, steps: 12 }, opt(t));
    },
    expected: { anonymous: 401, student: 200, owner: 403, otherOwner: 403, admin: 403 },
  },
  { route: `GET ${CLASSROOM_PATHS.myUnlocks}`, call: (c, t) => c.s.get(CLASSROOM_PATHS.myUnlocks, opt(t)), expected: { anonymous: 401, student: 200, owner: 200, otherOwner: 200, admin: 200 } },
  { route: `GET ${PROGRESS_PATHS.myProgress}`, call: (c, t) => c.s.get(PROGRESS_PATHS.myProgress, opt(t)), expected: { anonymous: 401, student: 200, owner: 403, otherOwner: 403, admin: 403 } },
  {
    route: `GET ${PROGRESS_PATHS.studentProgress(':id')}`,
    label: "Mia, Dana's student",
    call: (c, t) => c.s.get(PROGRESS_PATHS.studentProgress(c.ids.get('mia')!.id), opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 404 },
  },
  {
    route: `POST ${SIGN_IN_CARD_PATHS.cards}`,
    label: "all of the caller's students",
    call: (c, t, caller) => c.s.post(SIGN_IN_CARD_PATHS.cards, { students: 'all', ...(caller === 'admin' ? { ownerId: c.ids.get('dana')?.id } : {}) }, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `POST ${SIGN_IN_CARD_PATHS.cards}`,
    label: "Mia, Dana's student",
    call: (c, t) => c.s.post(SIGN_IN_CARD_PATHS.cards, { students: [c.ids.get('mia')?.id] }, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 404 },
  },
  { route: `GET ${SIGN_IN_CARD_PATHS.cards}`, call: (c, t) => c.s.get(SIGN_IN_CARD_PATHS.cards, opt(t)), expected: OWNERS_AND_ADMINS },
  {
    route: `DELETE ${SIGN_IN_CARD_PATHS.card(':id')}`,
    label: "Mia's card",
    call: async (c, t) => c.s.request('DELETE', SIGN_IN_CARD_PATHS.card((await miasCard(c)).id), undefined, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 404 },
  },
  {
    route: `POST ${SIGN_IN_CARD_PATHS.cardSignIn}`,
    label: "a card of the caller's franchise (the token, not the caller, decides)",
    call: async (c, t, caller) => c.s.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: new URL((await miasCard(c, caller === 'otherOwner' ? 'lee' : 'dana')).link).hash.slice('#token='.length) }, opt(t)),
    expected: EVERYONE,
  },
  {
    route: `POST ${SIGN_IN_CARD_PATHS.cardSignIn}`,
    label: 'a voided card',
    call: async (c, t) => {
      const card = await miasCard(c);
      await c.s.request('DELETE', SIGN_IN_CARD_PATHS.card(card.id), undefined, { token: await c.s.login(DEMO.admin.username, DEMO.admin.password) });
      return c.s.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: new URL(card.link).hash.slice('#token='.length) }, opt(t));
    },
    expected: NOBODY_403,
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNow}`,
    label: "the caller's class (an administrator names Dana)",
    call: (c, t, caller) => c.s.get(`${CLASS_NOW_PATHS.classNow}${caller === 'admin' ? `?owner=${c.ids.get('dana')!.id}` : ''}`, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNow}`,
    label: "Dana's class named",
    call: (c, t) => c.s.get(`${CLASS_NOW_PATHS.classNow}?owner=${c.ids.get('dana')!.id}`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNowEvents}`,
    label: "the caller's class (an administrator names Dana): the stream's snapshot",
    call: (c, t, caller) => classNowStream(c, t, caller === 'admin' ? `?owner=${c.ids.get('dana')!.id}` : ''),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNow}`,
    label: "?class= a class of Dana's (an administrator names Dana): another owner's class is 404",
    call: async (c, t, caller) => c.s.get(`${CLASS_NOW_PATHS.classNow}?class=${await danasClass(c, `view ${caller}`)}${caller === 'admin' ? `&owner=${c.ids.get('dana')!.id}` : ''}`, opt(t)),
    expected: OWN_CLASS,
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNowEvents}`,
    label: "?class= a class of Dana's (an administrator names Dana): the stream's snapshot; another owner's class is 404",
    call: async (c, t, caller) => classNowStream(c, t, `?class=${await danasClass(c, `stream ${caller}`)}${caller === 'admin' ? `&owner=${c.ids.get('dana')!.id}` : ''}`),
    expected: OWN_CLASS,
  },
  {
    route: `GET ${CLASS_NOW_PATHS.classNowEvents}`,
    label: "Dana's class named",
    call: (c, t) => classNowStream(c, t, `?owner=${c.ids.get('dana')!.id}`),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  {
    route: `POST ${CLASS_NOW_PATHS.helped}`,
    label: "Mia, Dana's student",
    call: (c, t) => c.s.post(CLASS_NOW_PATHS.helped, { studentId: c.ids.get('mia')!.id }, opt(t)),
    expected: OWN_STUDENT,
  },
  {
    route: `POST ${CLASS_NOW_PATHS.myStuck}`,
    label: 'Catapult, where the caller saved a place first',
    call: async (c, t) => {
      await c.s.post(PATHS.unlock, { ...KEY, lesson_id: c.catapult, code: '2468' }, opt(t));
      await c.s.request('PUT', PROGRESS_PATHS.myProgress, { lessonId: c.catapult, tabId: 'tab-1', tabIndex: 0, tabs: 2, step: 3, steps: 12 }, opt(t));
      return c.s.post(CLASS_NOW_PATHS.myStuck, { lessonId: c.catapult }, opt(t));
    },
    expected: { anonymous: 401, student: 200, owner: 403, otherOwner: 403, admin: 403 },
  },
  {
    route: `GET ${PROGRESS_PATHS.progressSummary}`,
    label: "the caller's own students (all of them for an administrator)",
    call: (c, t) => c.s.get(PROGRESS_PATHS.progressSummary, opt(t)),
    expected: OWNERS_AND_ADMINS,
  },
  {
    route: `GET ${PROGRESS_PATHS.progressSummary}`,
    label: "?owner= Dana: another owner's class is refused",
    call: (c, t) => c.s.get(`${PROGRESS_PATHS.progressSummary}?owner=${c.ids.get('dana')!.id}`, opt(t)),
    expected: { ...OWNERS_AND_ADMINS, otherOwner: 403 },
  },
  {
    route: `POST ${PATHS.reset}`,
    call: async (c, t, caller) => {
      const body = newStudentBody(`reset-${caller}`);
      await c.s.post(PATHS.createStudent, body, { token: await c.s.login('maria', DEMO.maria.password) });
      return c.s.post(PATHS.reset, { ...KEY, user_email: body.ParentEmail }, opt(t));
    },
    expected: EVERYONE,
  },
  {
    route: `POST ${PATHS.unlock}`,
    call: (c, t) => c.s.post(PATHS.unlock, { ...KEY, lesson_id: c.catapult, code: '2468' }, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `POST ${PATHS.createOwner}`,
    call: (c, t, caller) =>
      c.s.post(
        PATHS.createOwner,
        { ...KEY, FirstName: 'New', LastName: 'Owner', Email: `owner.${caller}@example.test`, Country: 'Chile', State: 'RM', Territory: 'Santiago' },
        opt(t),
      ),
    expected: { anonymous: 401, student: 403, owner: 403, otherOwner: 403, admin: 200 },
  },
  {
    route: `POST ${PATHS.usersMe}`,
    call: (c, t) => c.s.post(PATHS.usersMe, { meta: { kit_on_header_clicked: 1 } }, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `GET ${PATHS.usersMe}`,
    call: (c, t) => c.s.get(PATHS.usersMe, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `POST ${PATHS.usersMe}`,
    label: "locale: the caller's own language",
    call: (c, t) => c.s.post(PATHS.usersMe, { locale: 'he_IL' }, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `POST ${PATHS.usersMe}`,
    label: "locale: another user's, named in the body, is refused",
    call: (c, t) => c.s.post(PATHS.usersMe, { id: c.ids.get('mia')!.id, locale: 'es_ES' }, opt(t)),
    expected: { anonymous: 400, student: 400, owner: 400, otherOwner: 400, admin: 400 },
  },
  {
    route: `GET ${PATHS.pages}`,
    label: 'programs (?parent=127)',
    call: (c, t) => c.s.get(`${PATHS.pages}?parent=127&per_page=100`, opt(t)),
    expected: EVERYONE,
  },
  {
    route: `GET ${PATHS.pages}`,
    label: 'lessons (?parent=130)',
    call: (c, t) => c.s.get(`${PATHS.pages}?parent=130&per_page=100`, opt(t)),
    expected: EVERYONE,
  },
  {
    route: `GET ${PATHS.pages}/:id`,
    label: 'a lesson',
    call: (c, t) => c.s.get(`${PATHS.pages}/${c.catapult}`, opt(t)),
    expected: EVERYONE,
  },
  {
    route: `GET ${PATHS.pages}/:id`,
    label: 'a hidden program',
    call: (c, t) => c.s.get(`${PATHS.pages}/${c.hiddenProgram}`, opt(t)),
    expected: { anonymous: 404, student: 404, owner: 404, otherOwner: 404, admin: 200 },
  },
  {
    route: `GET ${PATHS.pages}/:id`,
    label: 'a program for teachers',
    call: (c, t) => c.s.get(`${PATHS.pages}/${c.teachersProgram}`, opt(t)),
    expected: TEACHERS_ONLY,
  },
  {
    route: `GET ${PATHS.pages}/:id`,
    label: 'a model of a program for teachers',
    call: (c, t) => c.s.get(`${PATHS.pages}/${c.teachersModel}`, opt(t)),
    expected: TEACHERS_ONLY,
  },
  {
    route: `POST ${PATHS.unlock}`,
    label: 'the code of a model of a program for teachers',
    call: (c, t) => c.s.post(PATHS.unlock, { ...KEY, lesson_id: c.teachersModel, code: '7531' }, opt(t)),
    expected: { ...TEACHERS_ONLY, anonymous: 401 },
  },
  {
    route: `GET ${PATHS.pages}/:id`,
    label: 'the terms page (51)',
    call: (c, t) => c.s.get(`${PATHS.pages}/51`, opt(t)),
    expected: EVERYONE,
  },
  {
    route: `POST ${PATHS.token}`,
    label: 'sign in with a wrong password',
    // A valid token on the login route changes nothing: the password decides, for every caller alike.
    call: (c, t) => c.s.post(PATHS.token, { username: 'maria', password: 'not-her-password' }, opt(t)),
    expected: { anonymous: 403, student: 403, owner: 403, otherOwner: 403, admin: 403 },
  },
  {
    route: `PUT ${PATHS.usersMe}`,
    call: (c, t) => c.s.request('PUT', PATHS.usersMe, { meta: { kit_on_header_clicked: 0 } }, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `PATCH ${PATHS.usersMe}`,
    call: (c, t) => c.s.request('PATCH', PATHS.usersMe, { meta: { kit_on_header_clicked: 1 } }, opt(t)),
    expected: SIGNED_IN,
  },
  {
    route: `POST ${STUDIO_PATHS.imports}`,
    label: 'a link-local address (refused before anything starts)',
    call: (c, t) => c.s.post(STUDIO_PATHS.imports, { url: 'http://169.254.169.254/' }, opt(t)),
    expected: { ...ADMINS_ONLY, admin: 400 },
  },
  { route: `GET ${STUDIO_PATHS.imports}`, call: (c, t) => c.s.get(STUDIO_PATHS.imports, opt(t)), expected: ADMINS_ONLY },
  {
    route: `GET ${STUDIO_PATHS.importSitePrograms}`,
    label: 'a link-local address (refused before anything is read)',
    call: (c, t) => c.s.get(`${STUDIO_PATHS.importSitePrograms}?url=${encodeURIComponent('http://169.254.169.254/')}`, opt(t)),
    expected: { ...ADMINS_ONLY, admin: 400 },
  },
  {
    route: `GET ${STUDIO_PATHS.importJob(':id')}`,
    label: 'no such import',
    call: (c, t) => c.s.get(STUDIO_PATHS.importJob(999_999), opt(t)),
    expected: { ...ADMINS_ONLY, admin: 404 },
  },
  {
    route: `GET ${STUDIO_PATHS.importReview(':id')}`,
    label: 'no such import',
    call: (c, t) => c.s.get(STUDIO_PATHS.importReview(999_999), opt(t)),
    expected: { ...ADMINS_ONLY, admin: 404 },
  },
  {
    route: `POST ${STUDIO_PATHS.importPublish(':id')}`,
    label: 'no such import',
    call: (c, t) => c.s.post(STUDIO_PATHS.importPublish(999_999), {}, opt(t)),
    expected: { ...ADMINS_ONLY, admin: 404 },
  },
  {
    route: `POST ${STUDIO_PATHS.importDiscard(':id')}`,
    label: 'no such import',
    call: (c, t) => c.s.post(STUDIO_PATHS.importDiscard(999_999), {}, opt(t)),
    expected: { ...ADMINS_ONLY, admin: 404 },
  },
  {
    route: `POST ${STUDIO_PATHS.bulk}`,
    label: "an administrator's fresh program shown (others name a demo page)",
    call: async (c, t, caller) => c.s.post(STUDIO_PATHS.bulk, { action: 'show', ids: [(await studioFixture(c, t, caller)).program] }, opt(t)),
    expected: ADMINS_ONLY,
  },
  getForEveryone('GET /portal-config.js', '/portal-config.js'),
  getForEveryone('GET /wp-json', '/wp-json/', "the REST index"),
  getForEveryone('GET /', '/'),
  getForEveryone('GET /healthz', '/healthz', 'liveness probe'),
  getForEveryone('GET /readyz', '/readyz', 'readiness probe'),
  getForEveryone('GET /*', '/students_list/Dana%20Cohen', 'an app route (history fallback)'),
  // Media files without a signed URL: only public pictures named by a page go to anyone (media.test.ts has the catalogue).
  { route: 'GET /progrmas/*', label: 'unsigned, named by no page', call: (c, t) => c.s.get('/progrmas/authz-probe.txt', opt(t)), expected: NOBODY_403 },
  { route: 'GET /content/*', label: 'unsigned, named by no page', call: (c, t) => c.s.get('/content/authz-probe.txt', opt(t)), expected: NOBODY_403 },
  {
    route: 'OPTIONS *',
    label: 'CORS preflight',
    call: (c, t) => c.s.request('OPTIONS', PATHS.students, undefined, { ...opt(t), headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } }),
    expected: EVERYONE,
  },
  ...STUDIO_ROWS,
  ...CREDENTIAL_ROWS,
  ...ROSTER_EDIT_ROWS,
  ...OWNER_ROWS,
  ...INSIGHTS_ROWS,
  ...PRIVACY_ROWS,
  ...STUDENT_IMPORT_ROWS,
  ...REPORT_ROWS,
  ...CLASSES_ROWS,
  ...MEETINGS_ROWS,
  ...CALENDAR_ROWS,
  ...FAMILY_UNSUBSCRIBE_ROWS,
  ...LESSONS_ROWS,
  ...FAMILY_ROWS,
];

describeEachDb('authorization table', (dialect) => {
  const c = {} as Ctx;
  const tokens: Partial<Record<Caller, string>> = {};
  /** user id -> owning franchise (owner id), for students and owners. */
  const franchiseOf = new Map<number, number>();

  beforeAll(async () => {
    c.s = await startTestServer({ dialect });
    for (const prefix of ['progrmas', 'content']) {
      mkdirSync(path.join(c.s.config.publicDir, prefix), { recursive: true });
      writeFileSync(path.join(c.s.config.publicDir, prefix, 'authz-probe.txt'), 'public file');
    }
    c.ids = await userIds(c.s);
    for (const caller of CALLERS) if (caller !== 'anonymous') tokens[caller] = await c.s.login(LOGIN[caller].username, LOGIN[caller].password);
    const adminToken = tokens.admin ?? '';
    const lessons = (await c.s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: adminToken })).body as WirePage[];
    c.catapult = lessons.find((p) => p.title.rendered === 'Catapult')?.id ?? 0;
    const programs = (await c.s.get(`${PATHS.pages}?parent=127&per_page=100`, { token: adminToken })).body as WirePage[];
    c.hiddenProgram = programs.find((p) => (p.metadata?.hide as string[] | undefined)?.[0] === '1')?.id ?? 0;
    const admin = { token: adminToken };
    const teachers = (await c.s.post(STUDIO_PATHS.createProgram, { ...studioProgram('Authz Teachers'), audience: 'teachers' }, admin)).body as StudioProgram;
    const teachersModel = (await c.s.post(STUDIO_PATHS.createModel(teachers.id), studioModel('7531'), admin)).body as StudioModel;
    await c.s.post(STUDIO_PATHS.publish(teachers.id), undefined, admin);
    await c.s.post(STUDIO_PATHS.publish(teachersModel.id), undefined, admin);
    c.teachersProgram = teachers.id;
    c.teachersModel = teachersModel.id;
    for (const u of c.ids.values()) {
      if (u.role === 'franchise_owner') franchiseOf.set(u.id, u.id);
      if (u.teacherId !== null) franchiseOf.set(u.id, u.teacherId);
    }
  });
  afterAll(async () => {
    await c.s?.close();
  });

  /** Ids of records in an answer: user_id and teacher_id fields anywhere. */
  function recordIds(body: unknown): number[] {
    const out: number[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) {
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'user_id' || k === 'teacher_id') && x !== '' && x !== null) out.push(Number(x));
          else walk(x);
        }
      }
    };
    walk(body);
    return out;
  }

  const cases = ROWS.flatMap((row) => CALLERS.map((caller) => ({ row, caller })));
  test('the table covers every route Fastify registered, and names no route that is not registered', () => {
    const registered = new Set(c.s.routes);
    // Fastify adds a HEAD route for each GET route: the GET row covers it.
    const needed = [...registered].filter((r) => !(r.startsWith('HEAD ') && registered.has(`GET ${r.slice(5)}`)));
    const inTable = new Set(ROWS.map((r) => r.route));
    expect(needed.filter((r) => !inTable.has(r)).sort()).toEqual([]);
    expect([...inTable].filter((r) => !registered.has(r)).sort()).toEqual([]);
  });

  test.each(cases.map(({ row, caller }) => [row.label ? `${row.route} (${row.label})` : row.route, caller, row.expected[caller], row] as const))('%s as %s -> %i', async (_route, caller, expected, row) => {
    const answer = await row.call(c, tokens[caller], caller);
    expect(answer.status).toBe(expected);
    if (answer.status >= 400) {
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: expected } });
    }
    // A franchise owner never sees a record of another franchise.
    if (caller === 'owner' || caller === 'otherOwner') {
      const self = c.ids.get(LOGIN[caller].username)?.id ?? -1;
      for (const recordId of recordIds(answer.body)) {
        const franchise = franchiseOf.get(recordId);
        if (franchise !== undefined) expect({ recordId, franchise }).toEqual({ recordId, franchise: self });
      }
    }
    // Unlock codes never reach students or anonymous callers.
    if ((caller === 'student' || caller === 'anonymous') && answer.status === 200) {
      expect(answer.text).not.toContain('lesson_password');
    }
  });

  test('owners get exactly their own franchise; TeacherId in a body is never trusted', async () => {
    const students = await c.s.post(PATHS.students, KEY, { token: tokens.owner });
    const dana = c.ids.get('dana')?.id;
    const lee = c.ids.get('lee')?.id;
    const danaIds = [...c.ids.values()].filter((u) => u.teacherId === dana).map((u) => String(u.id));
    const listed = (students.body as { user_id: string; teacher_id: string; parent_email: string }[]);
    expect(listed.every((st) => st.teacher_id === String(dana))).toBe(true);
    expect(listed.map((st) => st.user_id)).toEqual(expect.arrayContaining(danaIds));
    // The student Dana signed up with TeacherId = Lee is Dana's.
    expect(listed.some((st) => st.parent_email.startsWith('parent.authz-owner.'))).toBe(true);
    const leeList = (await c.s.post(PATHS.students, KEY, { token: tokens.otherOwner })).body as { teacher_id: string; parent_email: string }[];
    expect(leeList.every((st) => st.teacher_id === String(lee))).toBe(true);
    expect(leeList.some((st) => st.parent_email.startsWith('parent.authz-owner.'))).toBe(false);
  });

  test('hidden programs only for administrators, codes only for administrators and owners', async () => {
    for (const caller of CALLERS) {
      const programs = (await c.s.get(`${PATHS.pages}?parent=127&per_page=100`, opt(tokens[caller]))).body as WirePage[];
      expect({ caller, hidden: programs.some((p) => p.id === c.hiddenProgram) }).toEqual({ caller, hidden: caller === 'admin' });
      const lesson = (await c.s.get(`${PATHS.pages}/${c.catapult}`, opt(tokens[caller]))).body as WirePage;
      const seesCode = lesson.metadata?.lesson_password !== undefined;
      expect({ caller, seesCode }).toEqual({ caller, seesCode: caller !== 'anonymous' && caller !== 'student' });
      expect({ caller, unlockedFlag: 'unlocked' in lesson }).toEqual({ caller, unlockedFlag: caller === 'student' });
    }
  });
});
