import { useLazyFeature, type LazyFeature } from '../../shared/lazyFeature';
import { contentSaga } from './contentSaga';
import { contentActions, contentReducer } from './contentSlice';

/**
 * The content's flows and state load with the content pages, not with the entry (the login page's
 * budget): they join once, when a content page renders or when a content page's early data starts
 * (app/earlyPageData.ts).
 */
export const contentFeature: LazyFeature = { name: 'content', reducer: contentReducer, saga: contentSaga };

/** The content pages' "opened" events, for their early data. */
export const { modelsPageOpened, galleryOpened } = contentActions;

/** Call at the top of every screen that shows content, before it sends its "opened" event. */
export function useContentFeature(): void {
  useLazyFeature(contentFeature);
}
