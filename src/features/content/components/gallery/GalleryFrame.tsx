import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { media } from '../../../../shared/breakpoints';
import { useMessages } from '../../../../shared/i18n/messages';
import { galleryMessages } from './gallery.messages';

const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;

/**
 * The program's background fills the window below the header (64 px tall, 56 px on phones) and
 * the layout's padding, so it never stops halfway down a phone screen.
 */
export const Frame = styled.div<{ $desktop: string | null; $mobile: string | null }>`
  min-height: calc(100vh - 96px);
  min-height: calc(100svh - 96px);
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  background-color: ${({ theme }) => theme.colors.page};
  background-size: cover;
  background-position: center top;
  background-attachment: scroll;
  ${media.headerDesktop} {
    ${({ $desktop }) => $desktop && css`background-image: ${cssUrl($desktop)};`}
  }
  ${media.headerMobile} {
    min-height: calc(100vh - 80px);
    min-height: calc(100svh - 80px);
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[6]}px;
    ${({ $mobile }) => $mobile && css`background-image: ${cssUrl($mobile)};`}
  }
`;

export const Sheet = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.headerMobile} {
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[2]}px;
  }
`;

const TopBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-block-end: ${({ theme }) => theme.space[3]}px;
  h1 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    text-align: center;
  }
  ${media.headerMobile} {
    h1 {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

/** Points back: to the right when the page reads from right to left. */
const BackArrow = styled.span`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

const GoBack = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.accentDark};
  }
`;

/** Balances the Go Back link so the title stays centred on wide screens. */
const Spacer = styled.span`
  width: 110px;
  ${media.headerMobile} {
    display: none;
  }
`;

/** Go Back, then the title centred between it and a spacer of the same width. */
export function GalleryTopBar({ title, backTo }: { title: string; backTo: string }) {
  const t = useMessages(galleryMessages);
  return (
    <TopBar>
      <GoBack to={backTo}>
        <span aria-hidden="true">
          <BackArrow>←</BackArrow>&nbsp;
        </span>
        {t.goBack}
      </GoBack>
      {/* The model's title as authored in the CMS. */}
      <h1 translate="no" dir="auto">
        {title}
      </h1>
      <Spacer />
    </TopBar>
  );
}
