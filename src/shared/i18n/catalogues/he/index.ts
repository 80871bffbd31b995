import type { ComponentsJSON } from '@nanostores/i18n';
import layout from './layout.json';
import layoutMenu from './layoutMenu.json';
import rosterImport from './rosterImport.json';
import rosterPrivacy from './rosterPrivacy.json';
import rosterProgress from './rosterProgress.json';
import rosterStudent from './rosterStudent.json';
import rosterStudentSignIn from './rosterStudentSignIn.json';
import signInCards from './signInCards.json';
import account from './account.json';
import terms from './terms.json';
import rosterColumns from './rosterColumns.json';
import roster from './roster.json';
import rosterStudentForm from './rosterStudentForm.json';
import rosterSignUp from './rosterSignUp.json';
import rosterAudit from './rosterAudit.json';
import rosterEdit from './rosterEdit.json';
import contentPrograms from './contentPrograms.json';
import contentModels from './contentModels.json';
import contentGallery from './contentGallery.json';
import contentClassroom from './contentClassroom.json';
import contentModelQr from './contentModelQr.json';
import contentPrepare from './contentPrepare.json';
import contentProgress from './contentProgress.json';
import qaPanel from './qaPanel.json';
import qaLog from './qaLog.json';
import offline from './offline.json';
import classNow from './classNow.json';
import report from './report.json';
import qaInbox from './qaInbox.json';
import studioImport from './studioImport.json';
import studioEditor from './studioEditor.json';
import studio from './studio.json';
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
  layoutMenu,
  rosterImport,
  rosterPrivacy,
  rosterProgress,
  rosterStudent,
  rosterStudentSignIn,
  signInCards,
  account,
  terms,
  rosterColumns,
  roster,
  rosterStudentForm,
  rosterSignUp,
  rosterAudit,
  rosterEdit,
  contentPrograms,
  contentModels,
  contentGallery,
  contentClassroom,
  contentModelQr,
  contentPrepare,
  contentProgress,
  qaPanel,
  qaLog,
  offline,
  classNow,
  report,
  qaInbox,
  studioImport,
  studioEditor,
  studio,
  appScreens,
  appRouteTitles,
  sharedUi,
  sharedFailure,
  authCardSignIn,
  authReset,
  authLogin,
};

export default he;
