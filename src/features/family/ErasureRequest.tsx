/** "Ask to erase my child's data": a question first; once asked, the date of the request. */
import { useRef, useState } from 'react';
import type { FamilyChild } from '../../../contract/family';
import { failureMessage } from '../../shared/failureMessage';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { familyTexts } from './family.messages';
import { familyActions, selectFamily } from './familySlice';

export function ErasureRequest({ child }: { child: FamilyChild }) {
  const dispatch = useAppDispatch();
  const t = useMessages(familyTexts);
  const formatters = useFormatters();
  const erasure = useAppSelector(selectFamily).erasures[child.studentId];
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const busy = erasure?.status === 'sending';

  if (child.erasureRequestedAt) {
    return (
      <Message $tone="info" role="status">
        <p>{t.erasureRequested({ date: formatters.date(new Date(child.erasureRequestedAt)) })}</p>
      </Message>
    );
  }
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
        {t.askErasure}
      </Button>
      {erasure?.status === 'failed' && !asking && (
        <Message $tone="error" role="alert">
          <p>{t.erasureFailed({ reason: failureMessage(erasure.error) })}</p>
        </Message>
      )}
      {asking && (
        <Modal title={t.erasureTitle} alert busy={busy} onClose={() => setAsking(false)} initialFocus={cancel}>
          <p>{t.erasureExplain}</p>
          <ModalActions>
            <Button ref={cancel} type="button" $variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              {t.cancel}
            </Button>
            <Button
              type="button"
              $variant="brand"
              disabled={busy}
              onClick={() => {
                dispatch(familyActions.erasureConfirmed({ studentId: child.studentId }));
                setAsking(false);
              }}
            >
              {busy ? t.erasureSending : t.erasureConfirm}
            </Button>
          </ModalActions>
        </Modal>
      )}
    </>
  );
}
