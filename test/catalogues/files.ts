import type { ComponentsJSON } from '@nanostores/i18n';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeCatalogues } from '../../src/shared/i18n/catalogues/merge';

const SRC = path.resolve(__dirname, '../../src');

/**
 * A language's catalogue as src/shared/i18n/catalogues/<language>.ts makes it in the build (there
 * webpack finds the files; Jest has no import.meta.webpackContext): every catalogue/<language>.json
 * under src/, joined the same way.
 */
export function catalogueFiles(language: string): ComponentsJSON[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.split(path.sep).slice(-2).join('/') === `catalogue/${language}.json`)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(SRC, file), 'utf8')) as ComponentsJSON);
}

export const catalogueOf = (language: string): ComponentsJSON => mergeCatalogues(catalogueFiles(language));
