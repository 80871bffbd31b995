/** Where children get stuck: the portal backend's insights route (contract/insights.ts). */
import { INSIGHTS_PATHS, type StuckStepsAnswer } from '../../../contract/insights';
import { unexpectedAnswer } from '../../api/errors';
import { expectRecord, portalCall } from '../../api/portalCall';

/** The answer in the contract's outline: its steps are a list. */
function expectStuckSteps(answer: unknown): StuckStepsAnswer {
  const record = expectRecord<StuckStepsAnswer>(answer);
  if (!Array.isArray(record.steps)) throw unexpectedAnswer();
  return record;
}

/** The worst steps first; `ownerId` (administrators) one franchise owner's students, null for everyone's. */
export const getStuckSteps = portalCall(
  (ownerId: number | null) => ({ method: 'GET', path: ownerId === null ? INSIGHTS_PATHS.stuckSteps : `${INSIGHTS_PATHS.stuckSteps}?owner=${ownerId}` }),
  expectStuckSteps,
);
