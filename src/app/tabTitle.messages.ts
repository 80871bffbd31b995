import { defineMessages, params } from '../shared/i18n/messages';

/** The tab's title made of the page's heading (afterLoad.tsx): the same words as routeTitles.page. */
export const tabTitle = defineMessages('appTabTitle', {
  site: 'Youngengineer Online',
  page: params('{where} · {site}'),
});
