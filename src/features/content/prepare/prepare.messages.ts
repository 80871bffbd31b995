import { count } from '../../../shared/i18n/count';
import { defineMessages, params } from '../../../shared/i18n/messages';

/** An owner's Prepare for class on a program's models. */
export const prepareMessages = defineMessages('contentPrepare', {
  prepareForClass: 'Prepare for class',
  preparing: 'Preparing for class',
  saving: params('Saving {done} of {total} files…'),
  findingModels: 'Finding the models…',
  cancel: 'Cancel',
  weakWifi: "Weak Wi-Fi in class? Save this program's models on this device first.",
  readyExcept: count({
    one: 'Ready for class, except {count} of the pictures: prepare again to try those once more.',
    other: 'Ready for class, except {count} of the pictures: prepare again to try those once more.',
  }),
  ready: 'Ready for class: every model of this program opens on this device without the internet.',
  notPrepared: params('The program was not prepared. {reason}'),
  stopped: 'Stopped. What was saved so far stays on this device.',
});
