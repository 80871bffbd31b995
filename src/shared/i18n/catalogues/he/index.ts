import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';
import rosterImport from './rosterImport.json';
import rosterPrivacy from './rosterPrivacy.json';
import rosterProgress from './rosterProgress.json';
import rosterStudent from './rosterStudent.json';
import rosterStudentSignIn from './rosterStudentSignIn.json';
import signInCards from './signInCards.json';
import account from './account.json';
import terms from './terms.json';

/**
 * Hebrew: one JSON file per namespace (the namespaces are the `defineMessages('name', ...)` calls in
 * the *.messages.ts files under src), listed here one per line.
 */
const he: ComponentsJSON = {
  layout,
  rosterImport,
  rosterPrivacy,
  rosterProgress,
  rosterStudent,
  rosterStudentSignIn,
  signInCards,
  account,
  terms,
};

export default he;
