/**
 * "I'm stuck" on a gallery step, for a signed-in student on the portal's own backend: their
 * teacher's class view highlights them until the teacher marks it helped or they move on.
 */
import styled from 'styled-components';
import { selectCapabilities } from '../../../entities/config/configSlice';
import { selectUserRole } from '../../../entities/session/sessionSelectors';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { useMessages } from '../../../shared/i18n/messages';
import { classroomMessages } from './classroom.messages';
import { selectStepOnScreen } from '../contentSelectors';
import { placeKey, selectStuck, stuckActions } from './stuckSlice';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-block-start: ${({ theme }) => theme.space[3]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
`;

const Told = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.leaf};
`;

const Failed = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

function StuckControl() {
  const dispatch = useAppDispatch();
  const place = useAppSelector(selectStepOnScreen);
  const { told } = useAppSelector(selectStuck);
  const t = useMessages(classroomMessages);
  if (place === null) return null;
  const mine = told !== null && told.key === placeKey(place) ? told : null;
  return (
    <Row>
      {/* Polite: the child hears that the tap worked without losing their place. */}
      <div role="status">{mine?.status === 'sent' && <Told>{t.teacherTold}</Told>}</div>
      {mine?.status !== 'sent' && (
        <Button type="button" $variant="secondary" disabled={mine?.status === 'sending'} onClick={() => dispatch(stuckActions.stuckTapped(place))}>
          {t.stuck}
        </Button>
      )}
      {mine?.status === 'failed' && <Failed role="alert">{t.teacherNotTold}</Failed>}
    </Row>
  );
}

export function StuckButton() {
  const student = useAppSelector(selectUserRole) === 'student';
  // The portal's own backend (the one with the studio) has the class view.
  const portal = useAppSelector(selectCapabilities).contentStudio === true;
  return student && portal ? <StuckControl /> : null;
}
