/** Login names derived from people's names or e-mail addresses, made unique against the database. */
import type { Executor } from '../db/queries';
import { usernameExists } from '../db/queries';

const MAX_LENGTH = 50;

/** "Zoë O'Brien" -> "zoe.obrien"; falls back to `fallback` when nothing Latin is left (e.g. Hebrew names). */
export function loginNameBase(parts: readonly string[], fallback: string): string {
  const cleaned = parts
    .map((p) =>
      p
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ''),
    )
    .filter((p) => p !== '');
  const base = cleaned.join('.').slice(0, MAX_LENGTH).replace(/\.+$/, '');
  return base === '' ? fallback : base;
}

/** "Ana.Silva+x@example.test" -> "ana.silvax". */
export function loginNameFromEmail(email: string, fallback: string): string {
  const local = (email.split('@')[0] ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const base = local.replace(/[^a-z0-9._-]+/g, '').replace(/^[._-]+|[._-]+$/g, '').slice(0, MAX_LENGTH);
  return base === '' ? fallback : base;
}

/** base, base2, base3, ... the first one no account uses. */
export async function uniqueLoginName(db: Executor, base: string): Promise<string> {
  for (let n = 1; n < 10_000; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, MAX_LENGTH - String(n).length)}${n}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
  throw new Error('no free login name');
}

/**
 * uniqueLoginName for many accounts at once (a bulk import): a few queries in all instead of one or
 * more per account. Names taken meanwhile by another sign-up make the insert fail; the caller retries.
 */
export async function uniqueLoginNames(db: Executor, bases: readonly string[]): Promise<string[]> {
  const distinct = [...new Set(bases)];
  const occurrences = new Map<string, number>();
  for (const base of bases) occurrences.set(base, (occurrences.get(base) ?? 0) + 1);
  const taken = new Set<string>();
  for (let i = 0; i < distinct.length; i += 500) {
    const rows = await db.selectFrom('users').select('username').where('username', 'in', distinct.slice(i, i + 500)).execute();
    for (const r of rows) taken.add(r.username);
  }
  // Numbered names are looked up only for the bases that need one.
  for (const base of distinct.filter((b) => taken.has(b) || occurrences.get(b)! > 1)) {
    const prefix = base.slice(0, MAX_LENGTH - 5);
    const rows = await db.selectFrom('users').select('username').where('username', 'like', `${prefix}%`).execute();
    for (const r of rows) taken.add(r.username);
  }
  return bases.map((base) => {
    for (let n = 1; n < 100_000; n += 1) {
      const candidate = n === 1 ? base : `${base.slice(0, MAX_LENGTH - String(n).length)}${n}`;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
    throw new Error('no free login name');
  });
}
