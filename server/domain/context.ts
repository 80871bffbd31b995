import type { Db } from '../db/connection';
import type { Role, UserRow } from '../db/schema';
import type { MailDispatch } from '../mail/outbox';
import type { PasswordHasher } from './passwords';

/** What domain functions need; built once by the app. */
export interface DomainContext {
  db: Db;
  hasher: PasswordHasher;
  /** Sends mails queued in the outbox (q.enqueueMail) right after their transaction commits. */
  mail: MailDispatch;
  clock: () => Date;
  /** The site's URL as mails name it. */
  siteUrl: string;
}

/** The signed-in caller, from the Bearer token alone; null when anonymous. */
export interface Actor {
  id: number;
  role: Role;
  user: UserRow;
  /** The sign-in card session the caller's token belongs to (a shared tablet), if any. */
  cardSession?: number;
}

export type Viewer = Actor | null;

export const isAdmin = (v: Viewer): boolean => v?.role === 'administrator';
export const isOwner = (v: Viewer): boolean => v?.role === 'franchise_owner';
export const isStudent = (v: Viewer): boolean => v?.role === 'student';
/** Administrators and franchise owners see unlock codes and open instructions without one. */
export const isPrivileged = (v: Viewer): boolean => isAdmin(v) || isOwner(v);
