/**
 * Between the app's names (src/api/types.ts) and the wire's (contract/wire.ts), both ways: request
 * bodies from app data, and app data from answers. Every answer mapper accepts what WordPress
 * really sends: numbers as strings, post meta as arrays of strings or bare values, lists as arrays
 * or index-keyed objects, images as URLs, objects or false; it throws on a record it cannot read
 * (the client turns that into an 'unexpected_answer' ApiError).
 * Content pages and the rosters have their own modules (pageMappers.ts, rosterMappers.ts), loaded
 * with their first call.
 */
import type { CurrentUser, LoginResult, Role, UnlockResult } from './types';
import type { TokenResponse, UsersMeBody, WireList } from '../../contract';

export type Obj = Record<string, unknown>;
export const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A number or numeric string; `fallback` for anything else ("", null, "abc"). */
export function toNumber(value: unknown, fallback = 0): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : fallback;
  }
  return fallback;
}

export function toNumberOrNull(value: unknown): number | null {
  const n = toNumber(value, NaN);
  return Number.isNaN(n) ? null : n;
}

export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A list sent as an array or as an object keyed by index ({"1":"student"}), in key order. */
export function toList<T>(value: WireList<T> | false | null | undefined | unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (isObj(value)) {
    return Object.keys(value)
      .sort((a, b) => toNumber(a, Number.MAX_SAFE_INTEGER) - toNumber(b, Number.MAX_SAFE_INTEGER) || a.localeCompare(b))
      .map((key) => value[key] as T);
  }
  return [];
}

/** 'admin' is how some installs spell the administrator role. */
export function toRole(value: unknown): Role {
  const role = toText(value).trim().toLowerCase();
  if (role === 'administrator' || role === 'admin') return 'administrator';
  if (role === 'franchise_owner' || role === 'student') return role;
  return 'unknown';
}

/** The first role of a role list (array, object or a single string); 'none' for an empty or absent list. */
export function firstRole(value: unknown): Role {
  if (typeof value === 'string') return toRole(value);
  const roles = toList<unknown>(value);
  return roles.length > 0 ? toRole(roles[0]) : 'none';
}

export function mapLogin(wire: TokenResponse): LoginResult {
  if (!isObj(wire) || typeof wire.token !== 'string' || wire.token === '') throw new Error('no token');
  return {
    token: wire.token,
    userId: toNumber(wire.user_id),
    userName: toText(wire.user_display_name) || toText(wire.user_nicename),
    userNicename: toText(wire.user_nicename),
    email: toText(wire.user_email),
    role: firstRole(wire.user_roles),
    locale: toText(wire.user_locale) || undefined,
  };
}




// ---- answers of single calls -------------------------------------------------------------

export const unreadable = (): never => {
  throw new Error('unexpected answer');
};


/** reset_password's message, from a plain string or { message }; '' when it sends neither (never a failure). */
export function mapResetPasswordAnswer(wire: unknown): { message: string } {
  if (typeof wire === 'string') return { message: wire };
  return { message: isObj(wire) && typeof wire.message === 'string' ? wire.message : '' };
}

export const mapUnlockAnswer =
  (lessonId: number) =>
  (wire: unknown): UnlockResult =>
    isObj(wire) && wire.unlocked === true ? { lessonId: toNumber(wire.lesson_id, lessonId), unlocked: true } : unreadable();

/** users/me?context=edit */
export function mapCurrentUser(wire: unknown): CurrentUser {
  if (!isObj(wire) || toNumberOrNull(wire.id) === null) return unreadable();
  return { id: toNumber(wire.id), role: firstRole(wire.roles), name: toText(wire.name), locale: toText(wire.locale) || undefined };
}


// ---- request bodies (key order is the wire's) --------------------------------------------


/** The user meta the legacy site reads as "Kit Contents was opened" (docs/spec/portal-spec.md section 4). */
export const kitContentsOpenedBody: UsersMeBody = { meta: { kit_on_header_clicked: 1 } };
