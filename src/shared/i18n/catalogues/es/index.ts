import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';

/**
 * Spanish: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const es: ComponentsJSON = {
  layout,
};

export default es;
