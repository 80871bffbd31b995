import { useState } from 'react';
import type { GalleryTabView } from '../model/galleryItems';
import { Frame, GalleryTopBar, Sheet } from './gallery/GalleryFrame';
import { SlideGallery } from './gallery/SlideGallery';
import { Tabs } from '../../../shared/ui/Tabs';
import { StuckButton } from '../classroom/StuckButton';

/**
 * The instruction gallery screen: Go Back, the title, tabs (ARIA) when the lesson has them, and a
 * non-looping gallery with thumbnails over the program's desktop (801 px and up) or mobile background.
 */
export function InstructionGallery({
  title,
  tabs,
  tabbed,
  backTo,
  desktopBackground,
  mobileBackground,
}: {
  title: string;
  tabs: GalleryTabView[];
  tabbed: boolean;
  backTo: string;
  desktopBackground: string | null;
  mobileBackground: string | null;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const empty = !active || active.slides.length === 0;

  return (
    <Frame $desktop={desktopBackground} $mobile={mobileBackground} data-testid="gallery-frame">
      <Sheet>
        <GalleryTopBar title={title} backTo={backTo} />
        {empty ? (
          <p>No instructions here yet.</p>
        ) : tabbed ? (
          <Tabs idPrefix="lesson" label={`${title} parts`} tabs={tabs.map((t) => ({ id: t.id, label: t.title }))} selectedId={active.id} onSelect={setSelected}>
            <SlideGallery key={active.id} slides={active.slides} title={`${title}, ${active.title}`} />
          </Tabs>
        ) : (
          <SlideGallery key={active.id} slides={active.slides} title={title} />
        )}
        <StuckButton />
      </Sheet>
    </Frame>
  );
}
