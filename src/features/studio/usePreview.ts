import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectMediaUrls, selectStudio } from './studioSelectors';
import { studioActions } from './studioSlice';

/**
 * A page's preview (its draft applied, as a student who unlocked it would get it) with what the
 * student's gallery needs around it: title, backgrounds, the way back to the editor.
 */
export function usePreview(id: number) {
  const dispatch = useAppDispatch();
  const { previews, models, programs } = useAppSelector(selectStudio).content;
  const mediaUrls = useAppSelector(selectMediaUrls);
  useEffect(() => void dispatch(studioActions.previewOpened({ id })), [dispatch, id]);
  const preview = previews[id] ?? { status: 'loading' as const, error: null, detail: null };
  const model = models.entities[id];
  const program = model ? programs.entities[model.programId] : undefined;
  return {
    ...preview,
    title: model?.title ?? preview.detail?.title ?? '',
    desktopBackground: program?.desktopBackground?.url ?? null,
    mobileBackground: program?.mobileBackground?.url ?? null,
    mediaUrls,
    retry: () => dispatch(studioActions.previewOpened({ id })),
  };
}
