import { defineMessages, params } from '../shared/i18n/messages';

/** What reading or replaying a log says (in the panel, and in English in the command-line replay). */
export const qaLogMessages = defineMessages('qaLog', {
  damagedNoActions: 'This action log is damaged: it has no list of actions.',
  damagedActionType: params('This action log is damaged: action {number} has no type.'),
  damagedActionTime: params('This action log is damaged: action {number} has no time.'),
  damagedNoFormat: 'This action log is damaged: it has no format version.',
  damagedNoSession: 'This action log is damaged: it has no session version.',
  damagedNoStart: 'This action log is damaged: it has no starting state.',
  noMigration: params('This action log was recorded with session version {from}, and this portal has no migration to session version {version}.'),
  notALog: 'This file is not a Youngengineer Online action log.',
  newerFormat: params('This action log was recorded by a newer version of the portal (format {format}); this replay understands format {understood}.'),
  olderFormat: params('This action log uses format {format}, which this replay cannot read; it understands format {understood}.'),
  newerSession: params(
    'This action log was recorded by a newer version of the portal ({appVersion}, session version {version}); this replay understands session versions up to {understood}.',
  ),
  otherPortal: params('The log was recorded by portal {appVersion}; this is portal {current}.'),
  migrated: params('The session was migrated from version {from} to {to}; the actions replay as recorded.'),
  actionFailed: params('Replaying action {number} ({type}) failed: {reason}'),
});
