import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';
import contentPrograms from './contentPrograms.json';
import contentModels from './contentModels.json';
import contentGallery from './contentGallery.json';
import contentClassroom from './contentClassroom.json';
import contentModelQr from './contentModelQr.json';
import contentPrepare from './contentPrepare.json';
import contentProgress from './contentProgress.json';

/**
 * Spanish: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const es: ComponentsJSON = {
  layout,
  contentPrograms,
  contentModels,
  contentGallery,
  contentClassroom,
  contentModelQr,
  contentPrepare,
  contentProgress,
};

export default es;
