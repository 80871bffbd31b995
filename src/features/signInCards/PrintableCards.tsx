/**
 * The printable sign-in cards: 8 to a sheet (2 × 4), each with the child's first name, the portal's
 * address and the QR code of the child's sign-in link. The same sheets show on screen.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { PrintRoot, ScreenOnly, Sheet } from '../../shared/print/PrintSheet';
import { useQrCodes } from '../../shared/print/qrCode';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { Title } from '../../shared/ui/Text';
import type { PrintableCard } from './signInCardsSlice';

export const CARDS_PER_SHEET = 8;

const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  grid-auto-rows: 1fr;
  gap: 4mm;
  @media print {
    /* Four rows fill the printable height of A4 and of Letter. */
    grid-template-rows: repeat(4, 62mm);
  }
`;

const Card = styled.li`
  box-sizing: border-box;
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2mm;
  padding: 3mm;
  border: 1px dashed #555;
  border-radius: 3mm;
  text-align: center;
  break-inside: avoid;
  h2 {
    margin: 0;
    font-size: clamp(1.1rem, 4vw, 1.6rem);
    overflow-wrap: anywhere;
  }
  img {
    width: min(38mm, 100%);
    aspect-ratio: 1;
  }
  p {
    margin: 0;
    font-size: 0.8rem;
    overflow-wrap: anywhere;
  }
`;

const QrPlaceholder = styled.span`
  display: block;
  width: min(38mm, 100%);
  aspect-ratio: 1;
`;

export function sheetsOf<T>(items: readonly T[], size = CARDS_PER_SHEET): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < items.length; i += size) sheets.push(items.slice(i, i + size));
  return sheets;
}

export function PrintableCards({ cards, onBack }: { cards: readonly PrintableCard[]; onBack: () => void }) {
  const codes = useQrCodes(cards.map((c) => c.signInLink));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const sheets = sheetsOf(cards);
  const ready = cards.every((c) => codes[c.signInLink] !== undefined);
  return (
    <PrintRoot>
      <ScreenOnly>
        <Title ref={heading} tabIndex={-1} style={{ width: '100%' }}>
          Print the sign-in cards
        </Title>
        <Message $tone="info" style={{ width: '100%' }}>
          {cards.length === 0 ? (
            <p>No cards were made: none of these students can sign in now (their lessons have ended).</p>
          ) : (
          <p>
            {cards.length} {cards.length === 1 ? 'card' : 'cards'} on {sheets.length} {sheets.length === 1 ? 'page' : 'pages'}. Print them now: the cards are shown only
            this once, and each child&apos;s earlier card no longer works. Keep them where children cannot take each other&apos;s.
          </p>
          )}
        </Message>
        <Button type="button" onClick={() => window.print()} disabled={!ready || cards.length === 0}>
          {ready ? 'Print' : 'Drawing the QR codes…'}
        </Button>
        <Button type="button" $variant="secondary" onClick={onBack}>
          Back to the cards list
        </Button>
      </ScreenOnly>
      {sheets.map((sheet, index) => (
        <Sheet key={sheet[0]!.id} aria-label={`Page ${index + 1} of ${sheets.length}`}>
          <CardGrid>
            {sheet.map((card) => {
              const address = new URL(card.signInLink).host;
              return (
                <Card key={card.id}>
                  <h2>{card.firstName}</h2>
                  {codes[card.signInLink] ? <img src={codes[card.signInLink]} alt={`QR code that signs ${card.firstName} in`} /> : <QrPlaceholder />}
                  <p>
                    Scan to sign in at <strong>{address}</strong>
                  </p>
                </Card>
              );
            })}
          </CardGrid>
        </Sheet>
      ))}
    </PrintRoot>
  );
}
