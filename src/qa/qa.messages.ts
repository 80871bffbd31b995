import { count } from '../shared/i18n/count';
import { defineMessages, params } from '../shared/i18n/messages';

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
