import { OWNER_QUERY } from './paths';

/**
 * The owner id a URL's query names (/students_list/Dana?owner=2), or null. Only pages read it, so it
 * stays out of the entry chunk, where the route table's paths.ts is.
 */
export function ownerIdFromSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(OWNER_QUERY);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}
