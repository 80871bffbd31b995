/**
 * Sign-in details: signing in with a pending password, a student's
 * credentials for the owner, resets that cannot lock anyone out, and changing one's own password.
 *
 * A reset asked for by e-mail (wl/v1 reset_password) or a sign-in mail sent again does not replace
 * the password: the new one is stored PENDING beside it. The old password keeps signing in until
 * the new one is first used; that first sign-in makes the new one THE password (the old one and
 * every token issued before are refused from then on). A pending password expires after
 * PENDING_PASSWORD_DAYS. So whoever knows an address can no longer lock its owner out.
 */
import { createHash } from 'node:crypto';
import { SEVERAL_ACCOUNTS_CODE, SEVERAL_ACCOUNTS_MESSAGE, type StudentCredentials, type StudentPasswordReset } from '../../contract';
import * as q from '../db/queries';
import type { UserRow } from '../db/schema';
import { ApiError, invalidParams, notAllowed, studentErased } from '../errors';
import { mailLanguageOf, type MailLanguage } from '../mail/catalogue';
import { passwordResetMailFor, studentSignInMail } from '../mail/templates';
import { recordAudit } from './audit';
import { familyOf } from './families';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { generatePassword } from './passwords';
import { noAccountWithEmail } from './users';

export const PENDING_PASSWORD_DAYS = 7;
/** A browser that has not signed in to an account for this long is a stranger to it again. */
export const KNOWN_PLACE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

const daysBefore = (now: Date, days: number): string => new Date(now.getTime() - days * DAY_MS).toISOString();

/** How the audit log names an account: a student under its owner, an owner under themselves. */
function auditSubject(user: UserRow): { subjectType: 'student' | 'user'; subjectId: number; ownerId: number | null } {
  if (user.role === 'student') return { subjectType: 'student', subjectId: user.id, ownerId: user.teacher_id };
  return { subjectType: 'user', subjectId: user.id, ownerId: user.role === 'franchise_owner' ? user.id : null };
}

const asActor = (user: UserRow): Actor => ({ id: user.id, role: user.role, user });

/** The account a login (name or e-mail) names, if any. */
/** At most this many accounts of one e-mail are tried (a family with more children signs in by login name). */
const MAX_ACCOUNTS_PER_EMAIL = 10;

/**
 * The accounts a login name or e-mail names: none, one, or (an e-mail) several children's student
 * accounts of one family.
 */
export async function findLoginAccounts(ctx: DomainContext, login: string): Promise<UserRow[]> {
  const name = login.trim();
  // No account name holds a NUL, and PostgreSQL refuses one in a query: such a login is simply unknown.
  if (name.includes('\u0000')) return [];
  if (name.includes('@')) return q.findUsersByEmail(ctx.db.kysely, name, MAX_ACCOUNTS_PER_EMAIL);
  const user = await q.findUserByUsername(ctx.db.kysely, name);
  return user ? [user] : [];
}

export function severalAccountsForEmail(): ApiError {
  return new ApiError(403, SEVERAL_ACCOUNTS_CODE, `<strong>Error:</strong> ${SEVERAL_ACCOUNTS_MESSAGE}`);
}

/** How many of the accounts are in each family (families.ts): per owner, so another franchise's use of an address is a family of its own. */
function familySizes(accounts: readonly UserRow[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const account of accounts) sizes.set(familyOf(account), (sizes.get(familyOf(account)) ?? 0) + 1);
  return sizes;
}

/**
 * An e-mail several accounts share. A family of several children (one owner's students with the
 * address) does not tell which child signs in: someone whose password is right for one of them is
 * told to use the child's username. An account alone in its family (a child of another franchise
 * with the same address, a parent who is also an owner) signs in with its own password as it did
 * before the address was shared. Anyone else gets the usual wrong-credentials answer (null), so the
 * answer reveals no family.
 */
export async function signInSharedEmail(ctx: DomainContext, accounts: readonly UserRow[], password: string): Promise<UserRow | null> {
  const sizes = familySizes(accounts);
  const alone: UserRow[] = [];
  let ofSeveral = false;
  for (const account of accounts) {
    if (sizes.get(familyOf(account)) === 1) {
      const user = await checkPassword(ctx, account, password);
      if (user) alone.push(user);
    } else if (await ctx.hasher.verify(account.password_hash, password)) ofSeveral = true;
  }
  if (!ofSeveral && alone.length === 1) return alone[0]!;
  if (ofSeveral || alone.length > 1) throw severalAccountsForEmail();
  return null;
}

function pendingIsFresh(user: UserRow, now: Date): boolean {
  return user.pending_password_hash !== null && user.pending_password_at !== null && user.pending_password_at >= daysBefore(now, PENDING_PASSWORD_DAYS);
}

/**
 * The password (or the pending one, which then becomes the password) of the account; null for a
 * wrong one. An unknown account takes the time of one check and gives the same null.
 */
export async function checkPassword(ctx: DomainContext, user: UserRow | undefined, password: string): Promise<UserRow | null> {
  if (!user) {
    await ctx.hasher.burn(password);
    return null;
  }
  if (await ctx.hasher.verify(user.password_hash, password)) return user;
  const now = ctx.clock();
  const pending = user.pending_password_hash;
  if (pending === null || !pendingIsFresh(user, now) || !(await ctx.hasher.verify(pending, password))) return null;
  const changedAt = now.toISOString();
  await q.inTransaction(ctx.db, async (trx) => {
    if (await q.promotePendingPassword(trx, user.id, pending, changedAt)) {
      await recordAudit(trx, asActor(user), { action: 'user.password_change', ...auditSubject(user), after: { via: 'first use of a reset password' } }, now);
    }
  });
  return { ...user, password_hash: pending, password_changed_at: changedAt, pending_password_hash: null, pending_password_at: null };
}

/** The id in a known-place cookie, stored only as this hash. */
export function placeHash(placeId: string): string {
  return createHash('sha256').update(placeId).digest('hex');
}

export function isKnownPlace(ctx: DomainContext, userId: number, placeId: string): Promise<boolean> {
  return q.isKnownPlace(ctx.db.kysely, userId, placeHash(placeId), daysBefore(ctx.clock(), KNOWN_PLACE_DAYS));
}

/** After a right password: the time of the sign-in, and the browser as a place that signed in to the account. */
export async function recordSignIn(ctx: DomainContext, userId: number, placeId: string): Promise<void> {
  const now = ctx.clock();
  const at = now.toISOString();
  await q.recordSignIn(ctx.db.kysely, userId, at);
  await q.rememberPlace(ctx.db.kysely, userId, placeHash(placeId), at);
  // Rarely: places not seen for a year are forgotten.
  if (Math.random() < 0.01) await q.forgetOldPlaces(ctx.db.kysely, daysBefore(now, KNOWN_PLACE_DAYS));
}

function noSuchStudent(): ApiError {
  return new ApiError(404, 'rest_user_invalid_id', 'Invalid user ID.');
}

/**
 * The student the caller may manage: an administrator any, a franchise owner their own. Another
 * owner's student answers as a student that does not exist (404), so ids tell nothing.
 */
async function manageableStudent(ctx: DomainContext, actor: Actor, studentId: number): Promise<UserRow> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const student = await q.findUserWithRole(ctx.db.kysely, studentId, 'student');
  if (!student || (!isAdmin(actor) && student.teacher_id !== actor.id)) throw noSuchStudent();
  return student;
}

/** A student whose sign-in may change: not one whose data was erased. */
async function changeableStudent(ctx: DomainContext, actor: Actor, studentId: number): Promise<UserRow> {
  const student = await manageableStudent(ctx, actor, studentId);
  if ((await q.findStudent(ctx.db.kysely, studentId))?.erased_at) throw studentErased();
  return student;
}

export async function studentCredentials(ctx: DomainContext, actor: Actor, studentId: number): Promise<StudentCredentials> {
  const student = await manageableStudent(ctx, actor, studentId);
  return { loginName: student.username, lastSignInAt: student.last_sign_in_at };
}

/** A new password at once (the owner tells the child); the only time it is told is this answer. */
export async function resetStudentPassword(ctx: DomainContext, actor: Actor, studentId: number): Promise<StudentPasswordReset> {
  const student = await changeableStudent(ctx, actor, studentId);
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    await q.replacePassword(trx, student.id, hash, now.toISOString());
    await recordAudit(trx, actor, { action: 'student.password_reset', subjectType: 'student', subjectId: student.id, ownerId: student.teacher_id }, now);
  });
  return { loginName: student.username, password };
}

/**
 * A mail to these accounts' address is in the first of their languages; a student who has none (an
 * account older than languages) gets their owner's, as a new student does.
 */
async function mailLanguageFor(ctx: DomainContext, accounts: readonly UserRow[]): Promise<MailLanguage> {
  const owners = await Promise.all(accounts.map((a) => (a.teacher_id === null ? undefined : q.findUserById(ctx.db.kysely, a.teacher_id))));
  return mailLanguageOf(...accounts.map((a) => a.locale), ...owners.map((owner) => owner?.locale));
}

/** The sign-in details mailed to the parent again, with a new pending password (the old one is only stored hashed). */
export async function sendStudentSignInMail(ctx: DomainContext, actor: Actor, studentId: number): Promise<void> {
  const student = await changeableStudent(ctx, actor, studentId);
  const record = await q.findStudent(ctx.db.kysely, student.id);
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  const mail = studentSignInMail(await mailLanguageFor(ctx, [student]), {
    to: record?.parent_email || student.email,
    parentName: record?.parent_name || null,
    studentName: record ? `${record.student_first_name} ${record.student_last_name}` : student.display_name,
    username: student.username,
    password,
    siteUrl: ctx.siteUrl,
    pendingDays: PENDING_PASSWORD_DAYS,
  });
  const mailId = await q.inTransaction(ctx.db, async (trx) => {
    await q.setPendingPassword(trx, student.id, hash, now.toISOString());
    await recordAudit(trx, actor, { action: 'student.sign_in_mail', subjectType: 'student', subjectId: student.id, ownerId: student.teacher_id }, now);
    return q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now);
  });
  await ctx.mail.deliverSoon([mailId]);
}

/**
 * wl/v1 reset_password: a new PENDING password for every account with the address, one mail per
 * family (a parent's children of one franchise share it; another franchise's child with the same
 * address gets a mail of its own, so neither family's mail names the other's child).
 * Unknown address: 404 invalid_email, as the spec says.
 */
export async function requestPasswordReset(ctx: DomainContext, email: string): Promise<void> {
  const users = await q.findUsersByEmail(ctx.db.kysely, email, MAX_ACCOUNTS_PER_EMAIL);
  if (users.length === 0) throw noAccountWithEmail();
  const families = new Map<string, UserRow[]>();
  for (const user of users) families.set(familyOf(user), [...(families.get(familyOf(user)) ?? []), user]);
  const now = ctx.clock();
  const mails = await Promise.all(
    [...families.values()].map(async (members) => {
      const accounts = await Promise.all(
        members.map(async (user) => {
          const password = generatePassword();
          return { user, password, hash: await ctx.hasher.hash(password) };
        }),
      );
      const mail = passwordResetMailFor(await mailLanguageFor(ctx, members), {
        to: email.toLowerCase(),
        accounts: accounts.map((a) => ({ name: a.user.first_name || a.user.display_name, username: a.user.username, password: a.password })),
        siteUrl: ctx.siteUrl,
        pendingDays: PENDING_PASSWORD_DAYS,
      });
      return { accounts, mail };
    }),
  );
  // The new passwords and their mails are committed together: neither exists without the other.
  const mailIds = await q.inTransaction(ctx.db, async (trx) => {
    const ids: number[] = [];
    for (const { accounts, mail } of mails) {
      for (const { user, hash } of accounts) {
        await q.setPendingPassword(trx, user.id, hash, now.toISOString());
        const action = user.role === 'student' ? 'student.sign_in_mail' : 'user.password_reset';
        await recordAudit(trx, null, { action, ...auditSubject(user), after: { via: 'reset_password' } }, now);
      }
      ids.push(await q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now));
    }
    return ids;
  });
  await ctx.mail.deliverSoon(mailIds);
}

function characters(s: string): number {
  return [...s].length;
}

/** The new password's rules: a clear message for each, under the parameter it is about. */
export function checkNewPassword(current: string, next: string, rules: { minLength: number; maxLength: number }): void {
  if (characters(next) < rules.minLength) throw invalidParams({ newPassword: `The new password must be at least ${rules.minLength} characters long.` });
  if (characters(next) > rules.maxLength) throw invalidParams({ newPassword: `The new password must be at most ${rules.maxLength} characters long.` });
  if (next === current) throw invalidParams({ newPassword: 'The new password must not be the same as the current one.' });
}

export function wrongCurrentPassword(): ApiError {
  return new ApiError(400, 'incorrect_password', 'The current password is not right.', { params: { currentPassword: 'The current password is not right.' } });
}

/** The caller's own new password, after the current one was checked; every session signed in before ends. */
export async function changeOwnPassword(ctx: DomainContext, user: UserRow, next: string): Promise<Date> {
  const hash = await ctx.hasher.hash(next);
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    await q.replacePassword(trx, user.id, hash, now.toISOString());
    await recordAudit(trx, asActor(user), { action: 'user.password_change', ...auditSubject(user) }, now);
  });
  return now;
}
