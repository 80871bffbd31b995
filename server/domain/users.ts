/** Accounts: sign-in, the users list, franchise owners, password resets and user meta. */
import { ApiError, notAllowed } from '../errors';
import type { Executor } from '../db/queries';
import * as q from '../db/queries';
import type { NewUserRow, Role, UserRow } from '../db/schema';
import { ownerWelcomeMail, passwordResetMail } from '../mail/templates';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { loginNameFromEmail, uniqueLoginName } from './loginNames';
import { generatePassword } from './passwords';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  displayName: string;
  firstName: string;
  lastName: string;
  role: Role;
  country: string;
  state: string;
  territory: string;
  teacherId: number | null;
}

/** Inserts a user with a hashed password; the caller chooses the transaction. */
export async function insertAccount(db: Executor, passwordHash: string, a: Omit<NewAccount, 'password'>, now: Date): Promise<number> {
  return q.insertUser(db, accountRow(passwordHash, a, now));
}

/** The users row of a new account (for writing many at once). */
export function accountRow(passwordHash: string, a: Omit<NewAccount, 'password'>, now: Date): NewUserRow {
  return {
    username: a.username,
    email: a.email,
    password_hash: passwordHash,
    display_name: a.displayName,
    nicename: a.username.replace(/[^a-z0-9_-]+/g, '-').slice(0, 50),
    first_name: a.firstName,
    last_name: a.lastName,
    role: a.role,
    country: a.country,
    state: a.state,
    territory: a.territory,
    teacher_id: a.teacherId,
    created_at: q.nowIso(now),
  };
}

export async function createAccount(ctx: DomainContext, a: NewAccount): Promise<number> {
  const hash = await ctx.hasher.hash(a.password);
  return insertAccount(ctx.db.kysely, hash, a, ctx.clock());
}

/**
 * Login name or e-mail plus password. An unknown account and a wrong password take the same time
 * and give the same answer, so the answer does not tell which accounts exist.
 */
export async function authenticate(ctx: DomainContext, login: string, password: string): Promise<UserRow | null> {
  const name = login.trim();
  // No account name holds a NUL, and PostgreSQL refuses one in a query: such a login is simply unknown.
  if (name.includes('\u0000')) {
    await ctx.hasher.burn(password);
    return null;
  }
  if (name.includes('@')) return authenticateByEmail(ctx, name, password);
  const user = await q.findUserByUsername(ctx.db.kysely, name);
  if (!user) {
    await ctx.hasher.burn(password);
    return null;
  }
  return (await ctx.hasher.verify(user.password_hash, password)) ? user : null;
}

/** At most this many accounts of one e-mail are tried (a family with more children signs in by login name). */
const MAX_ACCOUNTS_PER_EMAIL = 10;

export function severalAccountsForEmail(): ApiError {
  return new ApiError(
    403,
    '[jwt_auth] several_accounts',
    "<strong>Error:</strong> Several children's accounts use this email address. Sign in with the child's username instead: you will find it in the sign-in email.",
  );
}

/**
 * Several children's student accounts may share a parent's e-mail, so an e-mail does not tell which
 * child signs in. Only someone whose password is right for one of them is told to use the child's
 * username; anyone else gets the usual wrong-credentials answer, so the answer reveals no family.
 */
async function authenticateByEmail(ctx: DomainContext, email: string, password: string): Promise<UserRow | null> {
  const users = await q.findUsersByEmail(ctx.db.kysely, email, MAX_ACCOUNTS_PER_EMAIL);
  if (users.length === 0) {
    await ctx.hasher.burn(password);
    return null;
  }
  for (const user of users) {
    if (!(await ctx.hasher.verify(user.password_hash, password))) continue;
    if (users.length > 1) throw severalAccountsForEmail();
    return user;
  }
  return null;
}

/** Administrators: everyone. Franchise owners: themselves and their own students. */
export function listUsersFor(ctx: DomainContext, actor: Actor): Promise<UserRow[]> {
  if (isAdmin(actor)) return q.listUsers(ctx.db.kysely, 'all');
  if (isOwner(actor)) return q.listUsers(ctx.db.kysely, { ownerId: actor.id });
  throw notAllowed(true);
}

export interface NewOwnerInput {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  state: string;
  territory: string;
  username?: string;
}

export function alreadyExists(what: 'email' | 'username'): ApiError {
  const message = what === 'email' ? 'An account with that email address already exists.' : 'That username is already taken.';
  return new ApiError(409, 'already_exists', message);
}

/** Administrators add a franchise owner; the sign-in details go to the owner by mail. */
export async function createFranchiseOwner(ctx: DomainContext, actor: Actor, input: NewOwnerInput): Promise<{ userId: number; username: string }> {
  if (!isAdmin(actor)) throw notAllowed(true);
  const db = ctx.db.kysely;
  if (await q.findUserByEmail(db, input.email)) throw alreadyExists('email');
  if (input.username !== undefined && (await q.usernameExists(db, input.username))) throw alreadyExists('username');
  const username = input.username ?? (await uniqueLoginName(db, loginNameFromEmail(input.email, 'owner')));
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  let created: { userId: number; mailId: number };
  try {
    created = await q.inTransaction(ctx.db, async (trx) => {
      const userId = await insertAccount(
        trx,
        hash,
        {
          username,
          email: input.email,
          displayName: `${input.firstName} ${input.lastName}`,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'franchise_owner',
          country: input.country,
          state: input.state,
          territory: input.territory,
          teacherId: null,
        },
        now,
      );
      const mail = ownerWelcomeMail({ to: input.email, name: input.firstName, username, password, siteUrl: ctx.siteUrl });
      return { userId, mailId: await q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text }, now) };
    });
  } catch (err) {
    if (q.isUniqueViolation(err)) throw alreadyExists((await q.findUserByEmail(db, input.email)) ? 'email' : 'username');
    throw err;
  }
  await ctx.mail.deliverSoon([created.mailId]);
  return { userId: created.userId, username };
}

export function noAccountWithEmail(): ApiError {
  return new ApiError(404, 'invalid_email', 'There is no account with that email address');
}

/** Sets a new generated password and mails it to the account's address. */
export async function resetPassword(ctx: DomainContext, email: string): Promise<void> {
  const user = await q.findUserByEmail(ctx.db.kysely, email);
  if (!user) throw noAccountWithEmail();
  const password = generatePassword();
  const hash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  const mail = passwordResetMail({ to: user.email, name: user.first_name || user.display_name, username: user.username, password, siteUrl: ctx.siteUrl });
  // The new password and its mail are committed together: neither exists without the other.
  const mailId = await q.inTransaction(ctx.db, async (trx) => {
    await q.updatePasswordHash(trx, user.id, hash, now.toISOString());
    return q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text }, now);
  });
  await ctx.mail.deliverSoon([mailId]);
}

/** Sets a password chosen by an operator (command line). */
export async function setPassword(ctx: DomainContext, login: string, password: string): Promise<UserRow> {
  const db = ctx.db.kysely;
  const user = login.includes('@') ? await q.findUserByEmail(db, login) : await q.findUserByUsername(db, login);
  if (!user) throw new ApiError(404, 'invalid_username', 'There is no account with that username or email address');
  await q.updatePasswordHash(db, user.id, await ctx.hasher.hash(password), ctx.clock().toISOString());
  return user;
}

/** User meta the REST API may write (registered meta, as in WordPress), with its type. */
export const REGISTERED_USER_META = { kit_on_header_clicked: 'integer' } as const;
export type RegisteredUserMeta = { -readonly [K in keyof typeof REGISTERED_USER_META]?: number };

export async function saveUserMeta(ctx: DomainContext, actor: Actor, meta: RegisteredUserMeta): Promise<RegisteredUserMeta> {
  for (const [key, value] of Object.entries(meta)) {
    if (value !== undefined) await q.setUserMeta(ctx.db.kysely, actor.id, key, String(value));
  }
  return readUserMeta(ctx, actor);
}

export async function readUserMeta(ctx: DomainContext, actor: Actor): Promise<RegisteredUserMeta> {
  const stored = await q.getUserMeta(ctx.db.kysely, actor.id);
  const out: RegisteredUserMeta = {};
  for (const key of Object.keys(REGISTERED_USER_META) as (keyof typeof REGISTERED_USER_META)[]) {
    const raw = stored[key];
    out[key] = raw === undefined ? 0 : Number(raw);
  }
  return out;
}
