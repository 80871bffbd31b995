/**
 * The printable sign-in cards: 8 to a sheet (2 × 4), each with the child's first name, the portal's
 * address and the QR code of the child's sign-in link. The same sheets show on screen.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { PrintRoot, ScreenOnly, Sheet } from '../../shared/print/PrintSheet';
import { useQrCodes } from '../../shared/print/qrCode';
import { useMessages } from '../../shared/i18n/messages';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { Title } from '../../shared/ui/Text';
import { signInCardsMessages } from './signInCards.messages';
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
  const t = useMessages(signInCardsMessages);
  const codes = useQrCodes(cards.map((c) => c.signInLink));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const sheets = sheetsOf(cards);
  const ready = cards.every((c) => codes[c.signInLink] !== undefined);
  return (
    <PrintRoot>
      <ScreenOnly>
        <Title ref={heading} tabIndex={-1} style={{ width: '100%' }}>
          {t.printTitle}
        </Title>
        <Message $tone="info" style={{ width: '100%' }}>
          {cards.length === 0 ? (
            <p>{t.noCardsEnded}</p>
          ) : (
            <p>{t.printNow({ cards: t.cardsOnPages(cards.length), pages: t.pages(sheets.length) })}</p>
          )}
        </Message>
        <Button type="button" onClick={() => window.print()} disabled={!ready || cards.length === 0}>
          {ready ? t.print : t.drawingCodes}
        </Button>
        <Button type="button" $variant="secondary" onClick={onBack}>
          {t.backToList}
        </Button>
      </ScreenOnly>
      {sheets.map((sheet, index) => (
        <Sheet key={sheet[0]!.id} aria-label={t.sheet({ page: index + 1, pages: sheets.length })}>
          <CardGrid>
            {sheet.map((card) => {
              const address = new URL(card.signInLink).host;
              return (
                <Card key={card.id}>
                  <h2 translate="no">{card.firstName}</h2>
                  {codes[card.signInLink] ? <img src={codes[card.signInLink]} alt={t.qrAlt({ name: card.firstName })} /> : <QrPlaceholder />}
                  <p>{t.scanAt({ address })}</p>
                </Card>
              );
            })}
          </CardGrid>
        </Sheet>
      ))}
    </PrintRoot>
  );
}
