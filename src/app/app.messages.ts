import { defineMessages, params } from '../shared/i18n/messages';
import { features, type FeatureTitles } from './features';

/**
 * The document titles, "{where the user is} · Youngengineer Online" (documentTitle.tsx): the
 * app's own pages' and every feature's screen titles, in one message group.
 */
export const routeTitles = defineMessages('appRouteTitles', {
  site: 'Youngengineer Online',
  page: params('{where} · {site}'),
  selectProgram: 'Select Program',
  signIn: 'Sign in',
  studioPreview: 'Preview · Content studio',
  student: 'Student',
  ...(Object.assign({}, ...features.map((feature) => ('titles' in feature ? feature.titles : {}))) as FeatureTitles),
});

/** The app's own screens: the sign-in check and the studio's preview. */
export const appTexts = defineMessages('appScreens', {
  checkingSignIn: 'Checking your sign-in',
  previewBanner: 'Preview — not published. Students see this once it is published.',
});
