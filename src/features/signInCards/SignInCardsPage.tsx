/**
 * /sign_in_cards: a franchise owner prints sign-in cards for her class (all her students, or the
 * ones she ticks) and voids a lost one. Portal backend only (capability signInCards).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { SignInCardSummary } from '../../../contract/signInCards';
import type { Student } from '../../api/types';
import { selectCapabilities } from '../../entities/config/configSlice';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
import { isErasedStudent } from '../../entities/students/erased';
import { selectAllStudents } from '../../entities/students/studentsSelectors';
import { failureMessage } from '../../shared/failureMessage';
import { useFormatters, type Formatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { media } from '../../shared/breakpoints';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { EmptyState, LoadFailed } from '../../shared/ui/States';
import { ScrollRegion, Table, Td, Th, Tr } from '../../shared/ui/Table';
import { Subtitle, Title } from '../../shared/ui/Text';
import { PrintableCards } from './PrintableCards';
import { signInCardsMessages } from './signInCards.messages';
import { selectCardList, selectPrint, selectVoid, signInCardsActions } from './signInCardsSlice';

const Choices = styled.fieldset`
  border: 0;
  margin: ${space(4)} 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(4)};
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    margin-bottom: ${space(2)};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    min-height: ${({ theme }) => theme.touchTarget}px;
  }
`;

/** Every column in view on a phone: names and states wrap instead of pushing Action out of sight. */
const CardsTable = styled(Table)`
  th,
  td {
    white-space: normal;
    overflow-wrap: break-word;
  }
  ${media.mobile} {
    th,
    td {
      padding-inline: ${space(2)};
    }
  }
`;

const byName = (a: Student, b: Student) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, undefined, { sensitivity: 'base' });
function cardStatus(t: ReturnType<typeof signInCardsMessages.get>, format: Formatters, card: SignInCardSummary | undefined): string {
  const day = (iso: string) => format.date(new Date(iso));
  if (!card) return t.noCardYet;
  if (card.voidedAt !== null) return t.voidSince({ date: day(card.voidedAt) });
  return card.lastUsedAt ? t.printedUsed({ date: day(card.createdAt), used: day(card.lastUsedAt) }) : t.printedNotUsed({ date: day(card.createdAt) });
}

export default function SignInCardsPage() {
  const t = useMessages(signInCardsMessages);
  const format = useFormatters();
  const dispatch = useAppDispatch();
  const offered = useAppSelector(selectCapabilities).signInCards === true;
  const role = useAppSelector(selectUserRole);
  const userId = useAppSelector(selectUserId);
  const all = useAppSelector(selectAllStudents);
  const list = useAppSelector(selectCardList);
  const print = useAppSelector(selectPrint);
  const voiding = useAppSelector(selectVoid);
  // An administrator sees every student; "all" names one owner's, so she ticks them.
  const isOwner = role === 'franchise_owner';
  // An erased child can never sign in again: no card, and not counted in "All my students".
  const students = useMemo(() => all.filter((s) => (!isOwner || s.teacherId === userId) && !isErasedStudent(s)).sort(byName), [all, isOwner, userId]);
  const cardOf = useMemo(() => new Map(list.cards.map((c) => [c.studentId, c])), [list.cards]);
  const [mode, setMode] = useState<'all' | 'chosen'>(isOwner ? 'all' : 'chosen');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const radioName = useId();

  useEffect(() => {
    if (offered) dispatch(signInCardsActions.opened());
  }, [dispatch, offered]);

  if (!offered) {
    return (
      <Page>
        <Title>{t.title}</Title>
        <Message $tone="info">
          <p>{t.notOffered}</p>
        </Message>
      </Page>
    );
  }
  if (print.status === 'ready') return <PrintableCards cards={print.cards} onBack={() => dispatch(signInCardsActions.printClosed())} />;

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const working = print.status === 'working';
  const canPrint = !working && students.length > 0 && (mode === 'all' || chosen.size > 0);
  const voidCard = voiding.cardId === null ? undefined : list.cards.find((c) => c.id === voiding.cardId);
  const voidStudent = voidCard && students.find((s) => s.id === voidCard.studentId);

  return (
    <Page>
      <Title>{t.title}</Title>
      <Subtitle>{t.intro}</Subtitle>
      {list.status === 'failed' && <LoadFailed what={t.what} error={list.error} onRetry={() => dispatch(signInCardsActions.opened())} />}
      {list.status === 'loading' && students.length === 0 && <p role="status">{t.loadingStudents}</p>}
      {list.status === 'ready' && students.length === 0 && <EmptyState>{t.noStudents}</EmptyState>}
      {students.length > 0 && list.status !== 'failed' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (canPrint) dispatch(signInCardsActions.printRequested({ students: mode === 'all' ? 'all' : [...chosen] }));
          }}
        >
          <Choices>
            <legend>{t.cardsFor}</legend>
            {isOwner && (
              <label>
                <input type="radio" name={radioName} checked={mode === 'all'} onChange={() => setMode('all')} />
                {t.allMyStudents({ count: format.number(students.length) })}
              </label>
            )}
            <label>
              <input type="radio" name={radioName} checked={mode === 'chosen'} onChange={() => setMode('chosen')} />
              {t.studentsITick({ count: format.number(chosen.size) })}
            </label>
            <Button type="submit" disabled={!canPrint}>
              {working ? t.makingCards : t.printCards}
            </Button>
          </Choices>
          {print.status === 'failed' && (
            <Message $tone="error" role="alert">
              <p>{t.noCardsMade({ reason: failureMessage(print.error) })}</p>
            </Message>
          )}
          <ScrollRegion $bounded={false} tabIndex={0} role="region" aria-label={t.tableLabel}>
            <CardsTable>
              <thead>
                <tr>
                  <Th scope="col">{t.columnChoose}</Th>
                  <Th scope="col">{t.columnStudent}</Th>
                  <Th scope="col">{t.columnCard}</Th>
                  <Th scope="col">{t.columnAction}</Th>
                </tr>
              </thead>
              <tbody>
                {students.map((student) => {
                  const card = cardOf.get(student.id);
                  const name = `${student.firstName} ${student.lastName}`;
                  return (
                    <Tr key={student.id}>
                      <Td>
                        <input
                          type="checkbox"
                          aria-label={t.tick({ name })}
                          checked={chosen.has(student.id)}
                          onChange={() => {
                            toggle(student.id);
                            setMode('chosen');
                          }}
                        />
                      </Td>
                      <Td translate="no">{name}</Td>
                      <Td>{cardStatus(t, format, card)}</Td>
                      <Td>
                        {card && card.voidedAt === null && (
                          <Button type="button" $variant="secondary" aria-label={t.voidCardFor({ name })} onClick={() => dispatch(signInCardsActions.voidAsked({ cardId: card.id }))}>
                            {t.voidCard}
                          </Button>
                        )}
                      </Td>
                    </Tr>
                  );
                })}
              </tbody>
            </CardsTable>
          </ScrollRegion>
        </form>
      )}
      {voidCard && (
        <Modal title={voidStudent ? t.voidTitle({ name: voidStudent.firstName }) : t.voidTitleUnnamed} busy={voiding.status === 'working'} onClose={() => dispatch(signInCardsActions.voidCancelled())}>
          <p>{voidStudent ? t.voidText({ name: voidStudent.firstName }) : t.voidTextUnnamed}</p>
          {voiding.status === 'failed' && (
            <Message $tone="error" role="alert">
              <p>{t.notVoided({ reason: failureMessage(voiding.error) })}</p>
            </Message>
          )}
          <ModalActions>
            <Button type="button" $variant="secondary" onClick={() => dispatch(signInCardsActions.voidCancelled())} disabled={voiding.status === 'working'}>
              {t.cancel}
            </Button>
            <Button type="button" onClick={() => dispatch(signInCardsActions.voidConfirmed())} disabled={voiding.status === 'working'}>
              {voiding.status === 'working' ? t.voiding : t.voidCard}
            </Button>
          </ModalActions>
        </Modal>
      )}
    </Page>
  );
}
