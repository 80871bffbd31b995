/**
 * "Deactivate {name}?": the modal question (focus kept inside and given back, Escape closes) with
 * the choice of what becomes of her students, handed to another active owner or kept with her.
 */
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OwnerDeactivateBody, OwnerRecord } from '../../../contract/owners';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { ownerAdminMessages } from './ownerAdmin.messages';
import { selectHandOverChoices } from './ownerAdminSelectors';
import { ownerAdminActions } from './ownerAdminSlice';
import { changeFailureText } from './ownerEdit';
import { useOwnerChange } from './useOwnerChange';

const Choices = styled.fieldset`
  display: grid;
  gap: ${space(3)};
  margin: ${space(4)} 0 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${space(2)};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  label {
    display: flex;
    align-items: flex-start;
    gap: ${space(2)};
  }
  input[type='radio'] {
    margin-top: 0.3em;
    flex: none;
  }
`;

const Indented = styled.div`
  padding-inline-start: ${space(6)};
  select {
    max-width: 100%;
  }
`;

const Hint = styled.p`
  margin: 0;
  padding-inline-start: ${space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const SELECT_ID = 'deactivate-toOwnerId';

export function DeactivateDialog({ record, onClose }: { record: OwnerRecord; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const id = record.ownerId;
  const { busy, failure } = useOwnerChange(id, 'deactivate', onClose);
  const choices = useAppSelector((state) => selectHandOverChoices(state, id));
  const listLoad = useAppSelector(selectListLoad);
  const t = useMessages(ownerAdminMessages);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const hasStudents = record.students > 0;
  const [students, setStudents] = useState<'hand_over' | 'keep'>(hasStudents ? 'hand_over' : 'keep');
  const [toOwnerId, setToOwnerId] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const name = `${record.firstName} ${record.lastName}`.trim();
  const problem = unchosen && students === 'hand_over' && toOwnerId === '' ? t.chooseOwnerFirst : null;
  const emptyChoice = choices.length > 0 ? t.chooseOwner : listLoad.status === 'failed' ? t.ownersNotLoaded : listLoad.status === 'succeeded' ? t.noOtherOwner : t.loadingOwners;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (students === 'hand_over' && toOwnerId === '') {
      setUnchosen(true);
      document.getElementById(SELECT_ID)?.focus();
      return;
    }
    const body: OwnerDeactivateBody = students === 'hand_over' ? { students: 'hand_over', toOwnerId: Number(toOwnerId) } : { students: 'keep' };
    dispatch(ownerAdminActions.changeRequested({ id, change: { kind: 'deactivate', body } }));
  };

  return (
    <Modal title={t.deactivateQuestion({ name })} alert busy={busy} onClose={onClose} initialFocus={cancelRef}>
      <form noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <p>{t.deactivateExplained({ firstName: record.firstName })}</p>
        {hasStudents && (
          <Choices>
            <legend>{t.theStudents(record.students)({ firstName: record.firstName })}</legend>
            <label>
              <input type="radio" name="students" value="hand_over" checked={students === 'hand_over'} onChange={() => setStudents('hand_over')} />
              {t.handOver}
            </label>
            <Indented>
              <FormField id={SELECT_ID} label={t.handOverTo} error={problem}>
                <select
                  {...controlProps(SELECT_ID, problem)}
                  name="toOwnerId"
                  value={toOwnerId}
                  onChange={(event) => {
                    setToOwnerId(event.target.value);
                    if (event.target.value !== '') setStudents('hand_over');
                  }}
                >
                  <option value="">{emptyChoice}</option>
                  {choices.map((choice) => (
                    <option key={choice.id} value={String(choice.id)} translate="no">
                      {choice.label}
                    </option>
                  ))}
                </select>
              </FormField>
            </Indented>
            <label>
              <input type="radio" name="students" value="keep" checked={students === 'keep'} onChange={() => setStudents('keep')} />
              {t.keep({ firstName: record.firstName })}
            </label>
            <Hint>{t.keepExplained}</Hint>
          </Choices>
        )}
        {failure && (
          <Message $tone="error" role="alert">
            <p>{changeFailureText(t.notDeactivated, failure)}</p>
          </Message>
        )}
        <ModalActions>
          <Button type="submit" $variant="brand" aria-disabled={busy || undefined}>
            {busy ? t.deactivating : t.deactivate}
          </Button>
          <Button type="button" $variant="secondary" ref={cancelRef} onClick={onClose}>
            {t.cancel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
