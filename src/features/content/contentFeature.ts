import { useLazyFeature, type LazyFeature } from '../../shared/lazyFeature';
import { contentSaga } from './contentSaga';

/**
 * The content's flows load with the content pages, not with the entry (the login page's budget):
 * its state stays in the root reducer, so only the saga joins, once, when a content page renders
 * or when a content page's early data starts (app/earlyPageData.ts).
 */
export const contentFeature: LazyFeature = { name: 'content', saga: contentSaga };

/** Call at the top of every screen that shows content, before it sends its "opened" event. */
export function useContentFeature(): void {
  useLazyFeature(contentFeature);
}
