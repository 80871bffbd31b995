/** The stored session's field names: localStorage keeps the spec's, the store the app's own. */

/** The session's fields that localStorage keeps under docs/spec/portal-spec.md section 3's names. */
const specNames = { unlockedLessonIds: 'OpenedPrograms', kitContentsOpened: 'HideClicked', email: 'user_email' } as const;
const appNames: Record<string, string> = Object.fromEntries(Object.entries(specNames).map(([app, spec]) => [spec, app]));

const renamed = <T>(fields: Record<string, T>, names: Record<string, string>): Record<string, T> => {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = names[key] ?? key;
    // A field under its old name (key !== name) yields to one already under the new name.
    if (key === name || !(name in fields)) out[name] = value;
  }
  return out;
};

/** A session's fields under the names localStorage keeps (OpenedPrograms, HideClicked, user_email). */
export const withSpecNames = <T>(fields: Record<string, T>) => renamed(fields, specNames);
/** A session's fields under the app's own names; names already the app's stay. */
export const withAppNames = <T>(fields: Record<string, T>) => renamed(fields, appNames);
