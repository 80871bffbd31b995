/** Accounts: the users list, franchise owners, operators' passwords and user meta (sign-in and resets: credentials.ts). */
import type { OwnerDetails, UserLocale } from '../../contract';
import { ApiError, notAllowed } from '../errors';
import type { Executor } from '../db/queries';
import * as q from '../db/queries';
import type { NewUserRow, Role, UserRow } from '../db/schema';
import { mailLanguageOf } from '../mail/catalogue';
import { ownerWelcomeMail } from '../mail/templates';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { loginNameFromEmail, uniqueLoginName } from './loginNames';
import { generatePassword } from './passwords';
import { recordAudit } from './audit';

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
  /** The user's language (users.locale); a student starts with their owner's. */
  locale?: string;
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
    // Only when there is one: the column's default is '' (and a database before it can still be seeded, tests).
    ...(a.locale ? { locale: a.locale } : {}),
    created_at: q.nowIso(now),
  };
}

export async function createAccount(ctx: DomainContext, a: NewAccount): Promise<number> {
  const hash = await ctx.hasher.hash(a.password);
  return insertAccount(ctx.db.kysely, hash, a, ctx.clock());
}

/** Administrators: everyone. Franchise owners: themselves and their own students. */
export function listUsersFor(ctx: DomainContext, actor: Actor): Promise<UserRow[]> {
  if (isAdmin(actor)) return q.listUsers(ctx.db.kysely, 'all');
  if (isOwner(actor)) return q.listUsers(ctx.db.kysely, { ownerId: actor.id });
  throw notAllowed(true);
}

export interface NewOwnerInput extends OwnerDetails {
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
      await recordAudit(trx, actor, { action: 'user.create', subjectType: 'user', subjectId: userId, ownerId: userId, after: { role: 'franchise_owner' } }, now);
      // A new owner has chosen no language yet: English (they choose theirs in the portal).
      const mail = ownerWelcomeMail(mailLanguageOf(), { to: input.email, name: input.firstName, username, password, siteUrl: ctx.siteUrl });
      return { userId, mailId: await q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now) };
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

/** Sets a password chosen by an operator (command line). */
export async function setPassword(ctx: DomainContext, login: string, password: string): Promise<UserRow> {
  const db = ctx.db.kysely;
  const user = login.includes('@') ? await q.findUserByEmail(db, login) : await q.findUserByUsername(db, login);
  if (!user) throw new ApiError(404, 'invalid_username', 'There is no account with that username or email address');
  await q.replacePassword(db, user.id, await ctx.hasher.hash(password), ctx.clock().toISOString());
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

/** The signed-in user's language (users/me `locale`); a user sets only their own. '' forgets it. */
export async function saveLocale(ctx: DomainContext, actor: Actor, locale: UserLocale | ''): Promise<string> {
  await ctx.db.kysely.updateTable('users').set({ locale }).where('id', '=', actor.id).execute();
  return locale;
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
