import { count, defineMessages, params } from '../shared/i18n/messages';

/** The QA panel's texts (the action log's format and its file name are not the UI's, and stay as they are). */
export const qaMessages = defineMessages('qaPanel', {
  open: 'Open the QA panel',
  launch: 'QA',
  panel: 'QA panel',
  heading: 'QA',
  close: 'Close',
  recorded: count({ one: '{count} action recorded.', other: '{count} actions recorded.' }),
  recordedWithDropped: count(params({ one: '{count} action recorded ({dropped} older actions dropped).', other: '{count} actions recorded ({dropped} older actions dropped).' })),
  download: 'Download action log',
  replayLog: 'Replay a log',
  unreadableFile: 'The file could not be read.',
  notJson: 'This file is not JSON, so it is not an action log.',
  endsAlike: "The replay ends in the state the reporter's portal had.",
  endsElsewhere: params("The replay ends in a different state from the reporter's portal ({paths})."),
  replaying: count(params({ one: 'Replaying a log of {count} action (portal {version}).', other: 'Replaying a log of {count} actions (portal {version}).' })),
  replayingWithDropped: count(
    params({
      one: 'Replaying a log of {count} action (portal {version}, {dropped} older actions were dropped).',
      other: 'Replaying a log of {count} actions (portal {version}, {dropped} older actions were dropped).',
    }),
  ),
  action: params('Action {step} of {total}: {type}'),
  startingState: params('Starting state (0 of {total})'),
  previous: 'Previous',
  next: 'Next',
  pause: 'Pause',
  play: 'Play',
  speed: 'Speed',
  speedOption: params('{speed} actions/s'),
  jumpTo: 'Jump to action',
  exit: 'Exit replay',
});

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
