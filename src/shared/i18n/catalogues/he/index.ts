import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';

/**
 * Hebrew: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const he: ComponentsJSON = {
  layout,
};

export default he;
