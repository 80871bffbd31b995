import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';
import appScreens from './appScreens.json';
import appRouteTitles from './appRouteTitles.json';
import sharedUi from './sharedUi.json';
import sharedFailure from './sharedFailure.json';
import authCardSignIn from './authCardSignIn.json';
import authReset from './authReset.json';
import authLogin from './authLogin.json';

/**
 * Hebrew: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const he: ComponentsJSON = {
  layout,
  appScreens,
  appRouteTitles,
  sharedUi,
  sharedFailure,
  authCardSignIn,
  authReset,
  authLogin,
};

export default he;
