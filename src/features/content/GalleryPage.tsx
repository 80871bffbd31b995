import 'react-image-gallery/styles/image-gallery.css';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { PageLoading } from '../../shared/ui/PageLoading';
import {
  programRouteName,
  selectGalleryAccess,
  selectGalleryView,
  selectLegacyGallery,
  selectLegacyGalleryView,
  selectLegacyModelAllowed,
  selectLessonDetailLoad,
  type ContentRootState,
} from './contentSelectors';
import { contentActions } from './contentSlice';
import { InstructionGallery } from './components/InstructionGallery';
import { isNumericSegment } from './model/modelNames';
import { LoadFailed } from '../../shared/ui/States';
import { Page } from '../../shared/ui/Layout';

type State = ContentRootState;

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
  const view = useAppSelector((state: State) => selectGalleryView(state, programId, lessonId));
  const detailLoad = useAppSelector((state: State) => selectLessonDetailLoad(state, lessonId));
  const open = () => dispatch(contentActions.galleryOpened({ programId, lessonId }));

  useEffect(() => {
    dispatch(contentActions.galleryOpened({ programId, lessonId }));
  }, [dispatch, programId, lessonId]);

  // A student who has not unlocked this lesson goes to / (portal-spec.md section 4).
  if (access === 'denied') return <Navigate to={paths.home()} replace />;
  if (access === 'allowed' && view.detail) {
    return (
      <InstructionGallery
        title={view.title}
        tabs={view.tabs}
        tabbed={view.tabbed}
        backTo={paths.selectModel(view.program ? programRouteName(view.program) : programName, programId)}
        desktopBackground={view.program?.desktopBackground ?? null}
        mobileBackground={view.program?.mobileBackground ?? null}
      />
    );
  }
  if (detailLoad.status === 'failed') {
    return (
      <Page>
        <LoadFailed what="these instructions" onRetry={open} />
      </Page>
    );
  }
  return <PageLoading label="Loading the instructions" />;
}

function LegacyGallery({ programName, modelName }: { programName: string; modelName: string }) {
  const dispatch = useAppDispatch();
  const allowed = useAppSelector((state: State) => selectLegacyModelAllowed(state, modelName));
  const legacy = useAppSelector(selectLegacyGallery);
  const view = useAppSelector(selectLegacyGalleryView);
  const key = `${programName}/${modelName}`;
  const open = () => dispatch(contentActions.legacyGalleryOpened({ programName, modelName }));

  useEffect(() => {
    if (allowed) dispatch(contentActions.legacyGalleryOpened({ programName, modelName }));
  }, [dispatch, allowed, programName, modelName]);

  // The model shows only when its flag is set or the user is privileged; otherwise to /.
  if (!allowed) return <Navigate to={paths.home()} replace />;
  if (legacy.key === key && legacy.status === 'notFound') return <Navigate to={paths.home()} replace />;
  if (legacy.key === key && legacy.status === 'failed') {
    return (
      <Page>
        <LoadFailed what="these instructions" onRetry={open} />
      </Page>
    );
  }
  if (legacy.key === key && view) {
    return (
      <InstructionGallery
        title={view.title}
        tabs={view.tabs}
        tabbed={view.tabbed}
        backTo={view.program ? paths.selectModel(programRouteName(view.program), view.program.id) : paths.home()}
        desktopBackground={view.program?.desktopBackground ?? null}
        mobileBackground={view.program?.mobileBackground ?? null}
      />
    );
  }
  return <PageLoading label="Loading the instructions" />;
}
