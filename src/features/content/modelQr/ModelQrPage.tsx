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
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { Title } from '../../../shared/ui/Text';

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
  img,
  span {
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
  const title = new URLSearchParams(useLocation().search).get('title')?.trim() || 'Model';
  const modelUrl = `${window.location.origin}${paths.modelBuildingInstructions.href({ programName, programId: Number(programId), lessonId: Number(lessonId) })}`;
  const qr = useQrCodes([modelUrl])[modelUrl];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <PrintRoot>
      <ScreenOnly>
        <Heading ref={heading} tabIndex={-1}>
          Print QR: {title}
        </Heading>
        <Button type="button" onClick={() => window.print()} disabled={!qr}>
          {qr ? 'Print' : 'Drawing the QR code…'}
        </Button>
        <ButtonLink to={paths.selectModel.href({ programName, programId })} $variant="secondary">
          Back to the models
        </ButtonLink>
      </ScreenOnly>
      <Sheet aria-label={`QR code for ${title}`}>
        <Label>
          <h2>{title}</h2>
          {qr ? <img src={qr} alt={`QR code that opens ${title}`} /> : <span />}
          <p>Scan to open the building instructions: {modelUrl}</p>
        </Label>
      </Sheet>
    </PrintRoot>
  );
}
