/**
 * What a `*.messages.ts` file needs: `defineMessages('namespace', { key: 'English text' })`, with
 * `params('Hi {name}')` for values, and `count` (count.ts) for plurals. A component reads its texts
 * with `useMessages(messages)`; sagas and other code outside React with `messages.get()`.
 */
import { useAtom } from './useAtom';
import { i18n } from './i18n';

export { params } from '@nanostores/i18n';
export const defineMessages = i18n;
export const useMessages = useAtom;
