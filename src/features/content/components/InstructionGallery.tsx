import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../shared/storeHooks';
import { Tabs } from '../../../shared/ui/Tabs';
import { contentActions, type StepViewed } from '../contentSlice';
import type { GalleryTabView } from '../model/galleryItems';
import { Frame, GalleryTopBar, Sheet } from './gallery/GalleryFrame';
import { SlideGallery } from './gallery/SlideGallery';
import { StuckButton } from '../classroom/StuckButton';
import { useStepInUrl } from './gallery/stepInUrl';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { galleryMessages } from './gallery/gallery.messages';

/**
 * Tells the store, once per change, which step the child sees (contentActions.stepViewed): on
 * opening and on every move, whatever moved it (swipe, button, key, thumbnail, tab, the URL).
 */
function useStepViewed(place: StepViewed | null) {
  const dispatch = useAppDispatch();
  const sent = useRef<string | null>(null);
  const key = place ? JSON.stringify(place) : null;
  useEffect(() => {
    if (key === null || key === sent.current) return;
    sent.current = key;
    dispatch(contentActions.stepViewed(JSON.parse(key) as StepViewed));
  }, [dispatch, key]);
}

/**
 * The instruction gallery screen: Go Back, the title, tabs (ARIA) when the lesson has them, and a
 * non-looping gallery with thumbnails over the program's desktop (801 px and up) or mobile background.
 * The tab and step are in the URL (?tab=&step=, stepInUrl.ts). `lesson` names what stepViewed
 * reports; without it (the studio's preview of a draft) nothing is reported.
 */
export function InstructionGallery({
  title,
  tabs,
  tabbed,
  backTo,
  desktopBackground,
  mobileBackground,
  lesson,
}: {
  title: string;
  tabs: GalleryTabView[];
  tabbed: boolean;
  backTo: string;
  desktopBackground: string | null;
  mobileBackground: string | null;
  lesson?: { programId: number; lessonId: number };
}) {
  const { place, moveTo } = useStepInUrl(tabs, tabbed);
  const t = useMessages(galleryMessages);
  const format = useFormatters();
  const active = tabs[place.tabIndex];
  const tabName = (tab: GalleryTabView, index: number) => tab.title || t.untitledPart({ number: format.number(index + 1) });
  const empty = !active || active.slides.length === 0;

  useStepViewed(
    lesson && active && !empty
      ? {
          programId: lesson.programId,
          lessonId: lesson.lessonId,
          tabId: active.id,
          // The place keeps the tab's English name: Class now shows it in the teacher's own language.
          tabTitle: tabbed ? active.englishTitle : '',
          tabIndex: place.tabIndex,
          tabs: tabs.length,
          step: place.stepIndex + 1,
          steps: active.slides.length,
        }
      : null,
  );

  const gallery = (label: string) =>
    active && <SlideGallery key={active.id} slides={active.slides} title={label} step={place.stepIndex} onStepChange={(index) => moveTo(active.id, index)} />;

  return (
    <Frame $desktop={desktopBackground} $mobile={mobileBackground} data-testid="gallery-frame">
      <Sheet>
        <GalleryTopBar title={title} backTo={backTo} />
        {empty ? (
          <p>{t.noInstructions}</p>
        ) : tabbed ? (
          <Tabs idPrefix="lesson" label={t.parts({ title })} tabs={tabs.map((tab, i) => ({ id: tab.id, label: tabName(tab, i), authored: tab.title !== '' }))} selectedId={active.id} onSelect={(id) => id !== active.id && moveTo(id, 0)}>
            {gallery(t.titleAndPart({ title, part: tabName(active, place.tabIndex) }))}
          </Tabs>
        ) : (
          gallery(title)
        )}
        <StuckButton />
      </Sheet>
    </Frame>
  );
}
