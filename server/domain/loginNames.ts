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
