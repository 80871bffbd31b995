import type { ComponentsJSON } from '@nanostores/i18n';

/**
 * One language's catalogue from its files: each folder of src/ that defines texts keeps their
 * translations in its own catalogue/<language>.json, by message group. A group may be spread over
 * several files (every feature adds its screens' titles to the app's titles): their texts are joined.
 */
export function mergeCatalogues(files: readonly ComponentsJSON[]): ComponentsJSON {
  const merged: ComponentsJSON = {};
  for (const file of files) for (const [group, texts] of Object.entries(file)) merged[group] = { ...merged[group], ...texts };
  return merged;
}
