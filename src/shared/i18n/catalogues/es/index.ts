import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';
import qaPanel from './qaPanel.json';
import qaLog from './qaLog.json';
import offline from './offline.json';
import classNow from './classNow.json';
import report from './report.json';
import qaInbox from './qaInbox.json';
import studioImport from './studioImport.json';
import studioEditor from './studioEditor.json';
import studio from './studio.json';

/**
 * Spanish: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const es: ComponentsJSON = {
  layout,
  qaPanel,
  qaLog,
  offline,
  classNow,
  report,
  qaInbox,
  studioImport,
  studioEditor,
  studio,
};

export default es;
