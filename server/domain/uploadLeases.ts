/**
 * One heavy upload (a roster file, a studio zip) at a time per account, on every instance at once:
 * the lease is a row in the database (db/queries/uploadLeases.ts), taken before the upload is read
 * and given back when it has been answered. A second upload meanwhile is refused with 409 and a
 * message saying why; a lease whose instance died expires on its own after `ttlMs`.
 */
import { randomBytes } from 'node:crypto';
import * as q from '../db/queries';
import { ApiError } from '../errors';
import type { DomainContext } from './context';

export interface LeaseOptions {
  /** Names the kind of upload and the account, e.g. "import:12". */
  key: string;
  /** Longer than the upload can take (its request and reading time-outs). */
  ttlMs: number;
  /** The refusal when the lease is held. */
  busy: () => ApiError;
}

/** The lease of an account's heavy uploads (roster files and studio zips share it). */
export const uploadLeaseKey = (userId: number): string => `upload:${userId}`;

/** Outlasts an upload's arrival (the request time-out) and its reading (the reading worker's deadline). */
export const UPLOAD_LEASE_MS = 2 * 60_000;

/** Runs `work` holding the lease, or refuses at once when another upload holds it. */
export async function withUploadLease<T>(ctx: DomainContext, options: LeaseOptions, work: () => Promise<T>): Promise<T> {
  const holder = randomBytes(16).toString('hex');
  const now = ctx.clock().getTime();
  if (!(await q.takeUploadLease(ctx.db.kysely, options.key, holder, now, now + options.ttlMs))) throw options.busy();
  try {
    return await work();
  } finally {
    await q.giveBackUploadLease(ctx.db.kysely, options.key, holder).catch(() => undefined);
  }
}

/** The refusal of a second import while one is being read, in words an owner understands. */
export const importBusy = (what: string): ApiError =>
  new ApiError(409, 'import_in_progress', `${what} is still being read. Wait for it to finish (a few seconds), then try again. Nothing was stored.`);
