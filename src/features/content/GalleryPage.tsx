import type { StoreState } from '../../shared/storeHooks';
import 'react-image-gallery/styles/image-gallery.css';
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { PageLoading } from '../../shared/ui/PageLoading';
import {
  programRouteName,
  selectGalleryAccess,
  selectLegacyGallery,
  selectLegacyGalleryAccess,
  selectLessonDetailLoad,
  selectLessonsLoad,
  selectProgramsLoad,
  } from './contentSelectors';
import { selectGalleryView, selectLegacyGalleryView } from './gallerySelectors';
import { contentActions } from './contentSlice';
import { InstructionGallery } from './components/InstructionGallery';
import { isNumericSegment } from './model/modelNames';
import { LoadFailed } from '../../shared/ui/States';
import { Page } from '../../shared/ui/Layout';
import { selectModelPlace } from './progress/progressSlice';
import { galleryMessages } from './components/gallery/gallery.messages';
import { useMessages } from '../../shared/i18n/messages';
import { locale } from '../../shared/i18n/i18n';
import { useAtom } from '../../shared/i18n/useAtom';

type State = StoreState;

/**
 * '/model_building_instructions/:first/:second/:third' serves both gallery routes: numeric second
 * and third segments are {programName}/{ProgramId}/{LessonsId}; otherwise the older
 * {userName}/{programName}/{ModelName}.
 */
export default function GalleryPage() {
  const { first = '', second = '', third = '' } = useParams();
  if (isNumericSegment(second) && isNumericSegment(third)) {
    return <LessonGallery programName={first} programId={Number(second)} lessonId={Number(third)} />;
  }
  return <LegacyGallery programName={second} modelName={third} />;
}

function LessonGallery({ programName, programId, lessonId }: { programName: string; programId: number; lessonId: number }) {
  const dispatch = useAppDispatch();
  const access = useAppSelector((state: State) => selectGalleryAccess(state, programId, lessonId));
  const language = useAtom(locale);
  const view = useAppSelector((state: State) => selectGalleryView(state, programId, lessonId, language));
  const detailLoad = useAppSelector((state: State) => selectLessonDetailLoad(state, lessonId));
  const open = () => dispatch(contentActions.galleryOpened({ programId, lessonId }));
  const resumeAt = useResumePlace(lessonId);
  const t = useMessages(galleryMessages);

  useEffect(() => {
    dispatch(contentActions.galleryOpened({ programId, lessonId }));
  }, [dispatch, programId, lessonId]);

  // A student who has not unlocked this lesson goes to / (docs/spec/portal-spec.md section 4).
  if (access === 'locked') return <Navigate to={paths.home.href()} replace />;
  if (resumeAt) return <Navigate to={{ search: resumeAt }} replace />;
  if (access === 'open' && view.detail) {
    return (
      <InstructionGallery
        title={view.title}
        tabs={view.tabs}
        tabbed={view.tabbed}
        backTo={paths.selectModel.href({ programName: view.program ? programRouteName(view.program) : programName, programId })}
        desktopBackground={view.program?.desktopBackground ?? null}
        mobileBackground={view.program?.mobileBackground ?? null}
        lesson={{ programId, lessonId }}
      />
    );
  }
  if (detailLoad.status === 'failed') {
    return (
      <Page>
        <LoadFailed what={t.instructionsWhat} error={detailLoad.error} onRetry={open} />
      </Page>
    );
  }
  return <PageLoading label={t.loadingInstructions} />;
}

/** The gallery's own URL parameters (1-based step): components/InstructionGallery.tsx reads them. */
const STEP_PARAM = 'step';
const TAB_PARAM = 'tab';

/**
 * Where a student left off in this model, as the query to open the gallery with: only when the URL
 * names no step (a linked step wins) and the model is not finished (a finished one opens at step 1).
 * Read from what is already in the store: resuming never holds the gallery back.
 */
function useResumePlace(lessonId: number): string | null {
  const { search } = useLocation();
  const place = useAppSelector((state: State) => selectModelPlace(state, lessonId));
  const params = new URLSearchParams(search);
  if (!place || place.finished || params.has(STEP_PARAM)) return null;
  if (place.step === 1 && place.tabIndex === 0) return null;
  params.set(TAB_PARAM, place.tabId);
  params.set(STEP_PARAM, String(place.step));
  return `?${params.toString()}`;
}

function LegacyGallery({ programName, modelName }: { programName: string; modelName: string }) {
  const dispatch = useAppDispatch();
  const access = useAppSelector((state: State) => selectLegacyGalleryAccess(state, programName, modelName));
  const legacy = useAppSelector(selectLegacyGallery);
  const language = useAtom(locale);
  const view = useAppSelector((state: State) => selectLegacyGalleryView(state, language));
  const key = `${programName}/${modelName}`;
  const t = useMessages(galleryMessages);
  const open = () => dispatch(contentActions.legacyGalleryOpened({ programName, modelName }));
  // The step that failed: the lesson page, else the program's lessons, else the program list.
  const failedLoad = useAppSelector((state: State) =>
    legacy.lessonId !== null
      ? selectLessonDetailLoad(state, legacy.lessonId)
      : legacy.programId !== null
        ? selectLessonsLoad(state, legacy.programId)
        : selectProgramsLoad(state),
  );

  // Always asked: an unlock the server knows of opens the model on a device without its flag.
  useEffect(() => {
    dispatch(contentActions.legacyGalleryOpened({ programName, modelName }));
  }, [dispatch, programName, modelName]);

  // The same rule as the id route (entities/lessons/lessonAccess.ts); a locked model goes to /.
  if (access === 'locked') return <Navigate to={paths.home.href()} replace />;
  if (legacy.key === key && legacy.status === 'notFound') return <Navigate to={paths.home.href()} replace />;
  if (legacy.key === key && legacy.status === 'failed') {
    return (
      <Page>
        <LoadFailed what={t.instructionsWhat} error={failedLoad.error} onRetry={open} />
      </Page>
    );
  }
  if (legacy.key === key && view && access === 'open') {
    return (
      <InstructionGallery
        title={view.title}
        tabs={view.tabs}
        tabbed={view.tabbed}
        backTo={view.program ? paths.selectModel.href({ programName: programRouteName(view.program), programId: view.program.id }) : paths.home.href()}
        desktopBackground={view.program?.desktopBackground ?? null}
        mobileBackground={view.program?.mobileBackground ?? null}
        lesson={view.program && view.lesson ? { programId: view.program.id, lessonId: view.lesson.id } : undefined}
      />
    );
  }
  return <PageLoading label={t.loadingInstructions} />;
}
