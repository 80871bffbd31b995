/// <reference types="webpack/module" />
import type { ComponentsJSON } from '@nanostores/i18n';
import { mergeCatalogues } from './merge';

/**
 * Spanish: every catalogue/es.json under src/, found by the build (a feature's folder brings its
 * own), in this chunk only: it downloads when the language is first shown.
 */
const files = import.meta.webpackContext('../../..', { recursive: true, regExp: /\/catalogue\/es\.json$/ });

const es: ComponentsJSON = mergeCatalogues(files.keys().map((key) => files(key) as ComponentsJSON));
export default es;
