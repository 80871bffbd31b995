import type { Storage } from 'redux-persist';

/** A redux-persist storage kept in memory, so a test can inspect and pre-fill what is "in localStorage". */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: Storage & { data: Map<string, string> } = {
    data,
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: async (key: string) => {
      data.delete(key);
    },
  };
  return storage;
}

/** The value redux-persist writes: every field JSON-encoded inside a JSON object. */
export function persistedValue(fields: Record<string, unknown>, version: number): string {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = JSON.stringify(value);
  out._persist = JSON.stringify({ version, rehydrated: true });
  return JSON.stringify(out);
}

/** Reads back what redux-persist wrote (it parses twice: the object, then each field). */
export function readPersisted(raw: string | undefined | null): Record<string, unknown> | null {
  if (!raw) return null;
  const outer = JSON.parse(raw) as Record<string, string>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(outer)) out[key] = JSON.parse(value);
  return out;
}
