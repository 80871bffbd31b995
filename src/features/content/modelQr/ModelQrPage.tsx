/**
 * /model_qr/:programName/:programId/:lessonId?title=…: a model's QR code to print for its kit box
 * or lesson plan. It links to the model's page: signed out, that goes to the sign-in and back;
 * signed in and unlocked, it opens the model's first step.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import { paths } from '../../../shared/paths';
import { PrintRoot, ScreenOnly, Sheet } from '../../../shared/print/PrintSheet';
import { useQrCodes } from '../../../shared/print/qrCode';
import { Button } from '../../../shared/ui/Button';
import { AFTER_SLASHES, breakable } from '../../../shared/ui/Breakable';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Title } from '../../../shared/ui/Text';
import { useMessages } from '../../../shared/i18n/messages';
import { modelQrMessages } from './modelQr.messages';

const Label = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6mm;
  padding: 10mm 0;
  text-align: center;
  h2 {
    margin: 0;
    font-size: 2rem;
    overflow-wrap: anywhere;
  }
  > img,
  > span {
    display: block;
    width: min(90mm, 80%);
    aspect-ratio: 1;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Heading = styled(Title)`
  width: 100%;
`;

export default function ModelQrPage() {
  const { programName = '', programId = '', lessonId = '' } = useParams();
  const t = useMessages(modelQrMessages);
  const named = new URLSearchParams(useLocation().search).get('title')?.trim();
  const title = named || t.model;
  // The model's title as authored in the CMS (it came in the address): shown, never translated.
  const asAuthored = named ? ({ translate: 'no', dir: 'auto' } as const) : {};
  const modelUrl = `${window.location.origin}${paths.modelBuildingInstructions.href({ programName, programId: Number(programId), lessonId: Number(lessonId) })}`;
  const qr = useQrCodes([modelUrl])[modelUrl];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <PrintRoot>
      <ScreenOnly>
        <Heading ref={heading} tabIndex={-1}>
          {t.printQrFor({ title })}
        </Heading>
        <Button type="button" onClick={() => window.print()} disabled={!qr}>
          {qr ? t.print : t.drawing}
        </Button>
        <ButtonLink to={paths.selectModel.href({ programName, programId })} $variant="secondary">
          {t.backToModels}
        </ButtonLink>
      </ScreenOnly>
      <Sheet aria-label={t.qrCodeFor({ title })}>
        <Label>
          <h2 {...asAuthored}>{title}</h2>
          {qr ? <img src={qr} alt={t.qrCodeOpens({ title })} /> : <span />}
          <p>
            {t.scanToOpen} <span translate="no">{breakable(modelUrl, AFTER_SLASHES)}</span>
          </p>
        </Label>
      </Sheet>
    </PrintRoot>
  );
}
