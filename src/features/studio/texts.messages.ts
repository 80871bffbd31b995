import { defineMessages, params } from '../../shared/i18n/messages';

/** The model editor's texts per language: the switch over the tab names and step texts, and their fields. */
export const studioTextsMessages = defineMessages('studioTexts', {
  switchLabel: 'Language of the tab names and step texts',
  switchHint: 'Students and teachers see each tab name and step text in their own language where you give it, and in English where you leave it empty.',
  hebrew: 'Hebrew',
  spanish: 'Spanish',
  tabTitleIn: params('Tab {number} title in {language}'),
  stepText: params('Step {number} text'),
  stepTextIn: params('Step {number} text in {language}'),
});
