/**
 * Problem reports (contract/reports.ts): stored from any signed-in user, read and triaged by
 * administrators. The action log is checked to be the recorder's shape and redacted: a log that is
 * not, or that still holds a secret or a person's contact, is refused and nothing is stored.
 */
import { z } from 'zod';
import {
  REPORT_PERSONAL_KEYS,
  REPORT_REDACTED,
  REPORT_SECRET_KEYS,
  type ProblemReportDetail,
  type ProblemReportInput,
  type ProblemReportPage,
  type ProblemReportReceipt,
  type ProblemReportSummary,
  type ProblemReportUpdate,
  type ReportedError,
} from '../../contract';
import type { ProblemReportStatus } from '../db/schema';
import * as q from '../db/queries';
import { ApiError, invalidParams } from '../errors';
import { jsonWithinLimits } from './jsonLimits';
import type { Actor, DomainContext } from './context';

export const ACTION_LOG_FORMAT = 'youngengineer-online/action-log';

const isoTime = z.string().max(40);
const jsonObject = z.record(z.string(), z.unknown());

/** The recorder's log (src/qa/logFormat.ts, format 1): exactly its fields, each action an object with a type. */
const actionLogSchema = z.strictObject({
  format: z.literal(ACTION_LOG_FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string().min(1).max(40),
  persistVersion: z.number().int().min(0).max(1000),
  recordedAt: isoTime,
  startedAt: isoTime,
  capacity: z.number().int().min(1).max(1_000_000),
  dropped: z.number().int().min(0),
  startState: jsonObject,
  actions: z.array(z.strictObject({ time: isoTime, action: z.looseObject({ type: z.string().min(1).max(200) }) })).max(100_000),
  finalState: jsonObject.optional(),
});

const REDACTED_KEYS = new Set<string>([...REPORT_SECRET_KEYS, ...REPORT_PERSONAL_KEYS]);
const REDACTED = REPORT_REDACTED;

/** A value that holds nothing: what the app's redaction leaves, or never had. */
const empty = (value: unknown): boolean => value === null || value === undefined || value === '' || value === REDACTED || typeof value === 'boolean';

/**
 * The first key path where a key the app redacts still holds something, at any depth and whatever
 * the value (a string, a list of them, an object around one), or null. The app's redaction replaces
 * every such value, so a log that still has one was not redacted by the app.
 */
function unredactedPath(value: unknown, at: string): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unredactedPath(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (REDACTED_KEYS.has(key) && !empty(inner)) return `${at}.${key}`;
    const found = unredactedPath(inner, `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

/** Keys whose values are secrets whatever they are called exactly (clientSecret, sessionToken, Authorization, x_password, ...). */
const SECRET_LIKE_KEY = /passw(or)?d|passcode|secret|token|jwt|authori[sz]ation|auth_?key|api_?key|cookie|credential|session_?id|private_?key|unlock_?code|entered_?code|sign_?in_?link/i;
/** A JSON Web Token (its header is base64url JSON: "eyJ"), or any Authorization: Bearer value. */
const TOKEN_LIKE = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?|\bBearer\s+[A-Za-z0-9._~+/-]+=*/g;
/** An e-mail address (a person's contact), wherever it appears in a text. */
const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** The text with every token and e-mail address in it replaced by "[redacted]". */
export function scrubText(text: string): string {
  return text.replace(TOKEN_LIKE, REDACTED).replace(EMAIL_LIKE, REDACTED);
}

/**
 * The value with secrets and contacts taken out by their shape, at any depth: everything under a
 * secret-like key, and tokens and e-mail addresses in any text (keys included). What the app's
 * redaction cannot know by name is still never stored.
 */
function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    let name = scrubText(key);
    for (let n = 2; name !== key && Object.hasOwn(out, name); n += 1) name = `${REDACTED}${n}`;
    out[name] = SECRET_LIKE_KEY.test(key) && !empty(inner) ? REDACTED : scrubValue(inner);
  }
  return out;
}

/** Parses and checks the log's text; answers it as it is to be stored (secrets by shape taken out) or throws a 400. */
export function checkActionLog(text: string): string {
  let parsed: unknown;
  if (!jsonWithinLimits(text, Number.MAX_SAFE_INTEGER)) throw invalidParams({ log: 'The action log is nested too deeply.' });
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidParams({ log: 'The action log is not JSON.' });
  }
  const result = actionLogSchema.safeParse(parsed);
  if (!result.success) throw invalidParams({ log: 'This is not an action log of the portal.' });
  const leak = unredactedPath(parsed, 'log');
  if (leak !== null) throw new ApiError(400, 'report_log_not_redacted', `The action log still holds personal data or a secret (${leak}); nothing was stored.`, { params: { log: 'Not redacted.' } });
  const scrubbed = JSON.stringify(scrubValue(parsed));
  return scrubbed === JSON.stringify(parsed) ? text : scrubbed;
}

const DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAGIC: Record<string, number[]> = { 'image/png': [0x89, 0x50, 0x4e, 0x47], 'image/jpeg': [0xff, 0xd8, 0xff] };

/** A data: URL of a PNG or JPEG whose bytes are one. */
export function decodeScreenshot(dataUrl: string): { bytes: Buffer; type: string } {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalidParams({ screenshot: 'Must be a PNG or JPEG picture as a data: URL.' });
  const type = match[1]!;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (!MAGIC[type]!.every((byte, i) => bytes[i] === byte)) throw invalidParams({ screenshot: 'The picture is not the PNG or JPEG it says it is.' });
  return { bytes, type };
}

function parseError(json: string | null): ReportedError | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as ReportedError;
  } catch {
    return null;
  }
}

type ReportNames = Awaited<ReturnType<typeof q.namesForReports>>;

/** The names the rows' ids stand for (senders, lessons), looked up at once. */
function namesOf(ctx: DomainContext, rows: q.ProblemReportSummaryRow[]): Promise<ReportNames> {
  const ids = (pick: (row: q.ProblemReportSummaryRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id !== null))];
  return q.namesForReports(
    ctx.db.kysely,
    ids((row) => row.user_id),
    ids((row) => row.lesson_id),
  );
}

function summaryOf(row: q.ProblemReportSummaryRow, names: ReportNames): ProblemReportSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    comment: row.comment,
    note: row.note,
    userId: row.user_id,
    userName: row.user_id === null ? null : (names.users.get(row.user_id) ?? null),
    role: row.role,
    appVersion: row.app_version,
    userAgent: row.user_agent,
    screen: row.screen,
    program: row.program,
    lessonId: row.lesson_id,
    lessonTitle: row.lesson_id === null ? null : (names.pages.get(row.lesson_id) ?? null),
    error: parseError(row.error_json),
    hasScreenshot: row.screenshot_type !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type CheckedReportInput = Omit<ProblemReportInput, 'screenshot'> & { screenshot?: { bytes: Buffer; type: string } };

/** Stores a report from the signed-in user; a report with a client id already stored answers its receipt again. */
export async function createReport(
  ctx: DomainContext,
  actor: Actor,
  input: CheckedReportInput,
  /** Counts the report against the sender's rate limit (throws 429); a report sent again is not counted. */
  countAttempt: () => Promise<void>,
): Promise<{ receipt: ProblemReportReceipt; created: boolean }> {
  const db = ctx.db.kysely;
  const existing = await q.findReportByClientId(db, actor.id, input.clientId);
  if (existing) return { receipt: existing, created: false };
  await countAttempt();
  const now = ctx.clock().toISOString();
  try {
    const receipt = await q.inTransaction(ctx.db, (trx) =>
      q.insertProblemReport(trx, {
        user_id: actor.id,
        role: actor.role,
        // The sender's own words and the error's text: tokens and e-mail addresses in them are not kept either.
        note: scrubText(input.note),
        log_json: input.log,
        app_version: input.appVersion,
        user_agent: input.userAgent,
        screen: input.screen,
        program: input.program ?? null,
        lesson_id: input.lessonId ?? null,
        error_json: input.error ? JSON.stringify({ ...input.error, message: scrubText(input.error.message), ...(input.error.stack === undefined ? {} : { stack: scrubText(input.error.stack) }) }) : null,
        screenshot: input.screenshot?.bytes ?? null,
        screenshot_type: input.screenshot?.type ?? null,
        status: 'new',
        comment: '',
        client_id: input.clientId,
        created_at: now,
        updated_at: now,
      }),
    );
    return { receipt, created: true };
  } catch (err) {
    // The same report arrived twice at once (a retry racing its first send): the first one stands.
    const again = q.isUniqueViolation(err) ? await q.findReportByClientId(db, actor.id, input.clientId) : undefined;
    if (again) return { receipt: again, created: false };
    throw err;
  }
}

export const noSuchReport = (): ApiError => new ApiError(404, 'report_not_found', 'There is no such problem report.');

export async function listReports(ctx: DomainContext, filter: q.ReportFilter, page: number, perPage: number): Promise<ProblemReportPage> {
  const { rows, total } = await q.listProblemReports(ctx.db.kysely, filter, perPage, (page - 1) * perPage);
  const names = await namesOf(ctx, rows);
  return { reports: rows.map((row) => summaryOf(row, names)), total, page, perPage };
}

export async function reportDetail(ctx: DomainContext, id: number): Promise<ProblemReportDetail> {
  const row = await q.findProblemReport(ctx.db.kysely, id);
  if (!row) throw noSuchReport();
  const picture = row.screenshot_type ? await q.findReportScreenshot(ctx.db.kysely, id) : undefined;
  const screenshot = picture?.screenshot && picture.screenshot_type ? `data:${picture.screenshot_type};base64,${Buffer.from(picture.screenshot).toString('base64')}` : null;
  return { ...summaryOf(row, await namesOf(ctx, [row])), log: JSON.parse(row.log_json) as unknown, screenshot };
}

export async function reportScreenshot(ctx: DomainContext, id: number): Promise<{ bytes: Buffer; type: string }> {
  const row = await q.findReportScreenshot(ctx.db.kysely, id);
  if (!row) throw noSuchReport();
  if (!row.screenshot || !row.screenshot_type) throw new ApiError(404, 'report_no_screenshot', 'This report has no picture.');
  return { bytes: Buffer.from(row.screenshot), type: row.screenshot_type };
}

export async function updateReport(ctx: DomainContext, id: number, change: ProblemReportUpdate): Promise<ProblemReportDetail> {
  const set: { status?: ProblemReportStatus; comment?: string } = {};
  if (change.status !== undefined) set.status = change.status;
  if (change.comment !== undefined) set.comment = change.comment;
  if (!(await q.updateProblemReport(ctx.db.kysely, id, set, ctx.clock().toISOString()))) throw noSuchReport();
  return reportDetail(ctx, id);
}

/** Retention: deletes reports older than `days`; safe in several instances at once (a plain delete). */
export function deleteExpiredReports(ctx: DomainContext, days: number): Promise<number> {
  const cutoff = new Date(ctx.clock().getTime() - days * 86_400_000).toISOString();
  return q.deleteReportsBefore(ctx.db.kysely, cutoff);
}
