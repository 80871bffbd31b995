/**
 * /studio/preview/:pageId: a model's draft as a student sees it. Composed here because it joins two
 * features: the studio (which loads the preview) and content (the student's own gallery).
 */
import 'react-image-gallery/styles/image-gallery.css';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { InstructionGallery } from '../features/content/components/InstructionGallery';
import { buildLessonTabs } from '../features/content/model/galleryItems';
import { StudioFrame } from '../features/studio/components/StudioFrame';
import { studioMessages } from '../features/studio/studio.messages';
import { usePreview } from '../features/studio/usePreview';
import { useMessages } from '../shared/i18n/messages';
import { locale } from '../shared/i18n/i18n';
import { useAtom } from '../shared/i18n/useAtom';
import { paths } from '../shared/paths';
import { PageLoading } from '../shared/ui/PageLoading';
import { LoadFailed } from '../shared/ui/States';

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.sun};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: center;
`;

function Preview({ id }: { id: number }) {
  const preview = usePreview(id);
  const t = useMessages(studioMessages);
  // The office sees the draft in the language it has chosen, as a student in that language would.
  const language = useAtom(locale);
  if (preview.status === 'failed') return <LoadFailed what={t.previewWhat} error={preview.error} onRetry={preview.retry} />;
  if (!preview.detail) return <PageLoading label={t.loadingPreview} />;
  const { tabs, tabbed } = buildLessonTabs(preview.detail, preview.title, language);
  return (
    <>
      <Banner role="note">{t.previewBanner}</Banner>
      <InstructionGallery
        title={preview.title}
        tabs={tabs}
        tabbed={tabbed}
        backTo={paths.studioModel.href({ modelId: id })}
        desktopBackground={preview.desktopBackground}
        mobileBackground={preview.mobileBackground}
      />
    </>
  );
}

export default function StudioPreviewPage() {
  const id = Number(useParams().pageId);
  return (
    <StudioFrame>
      <Preview key={id} id={id} />
    </StudioFrame>
  );
}
