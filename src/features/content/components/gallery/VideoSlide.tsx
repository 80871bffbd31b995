import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../../shared/ui/VisuallyHidden';
import { useMessages } from '../../../../shared/i18n/messages';
import { galleryMessages } from './gallery.messages';

/** The embed page with autoplay=1 added (the player exists only while asked for). */
export const autoplayUrl = (embedUrl: string): string => {
  try {
    const url = new URL(embedUrl, window.location.href);
    url.searchParams.set('autoplay', '1');
    return url.toString();
  } catch {
    return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
  }
};

const PlayVideo = styled.button`
  position: absolute;
  /* Centred: the same in either reading direction. */
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  /* Its own width, not what is left right of the middle; the gallery's line-height of 0 would draw
     a wrapped label's lines over each other. */
  width: max-content;
  max-width: calc(100% - ${({ theme }) => theme.space[4]}px);
  line-height: 1.25;
  min-height: 56px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[5]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.brandDark};
  }
`;

const CloseVideo = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[2]}px;
  inset-inline-end: ${({ theme }) => theme.space[2]}px;
  z-index: 5;
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  cursor: pointer;
`;

/** A video slide: its poster with a Play button, or (while asked for) the autoplaying player. */
export function VideoSlide({
  embedUrl,
  title,
  poster,
  playing,
  onPlay,
  onClose,
}: {
  embedUrl: string;
  title: string;
  poster: ReactNode;
  playing: boolean;
  onPlay: () => void;
  onClose: () => void;
}) {
  const t = useMessages(galleryMessages);
  if (playing) {
    return (
      <div className="video-box">
        <CloseVideo type="button" onClick={onClose}>
          {t.closeVideo}
        </CloseVideo>
        <iframe src={autoplayUrl(embedUrl)} title={t.video({ title })} allow="autoplay; fullscreen; encrypted-media; picture-in-picture" allowFullScreen />
      </div>
    );
  }
  return (
    <div className="video-poster">
      {poster}
      <PlayVideo type="button" onClick={onPlay}>
        <span aria-hidden="true">▶</span> {t.playVideo}
        <VisuallyHidden>
          : <span translate="no">{title}</span>
        </VisuallyHidden>
      </PlayVideo>
    </div>
  );
}
