/**
 * A reset's new password on its way from the saga to the one component that shows it, outside
 * Redux: actions and state (which devtools, the QA recorder and persistence see) never hold it.
 * The component takes it once, into its own state; then it is gone from here.
 */
import type { StudentPasswordReset } from '../../../contract';

const waiting = new Map<string, StudentPasswordReset>();

export function leaveForPickUp(requestId: string, reset: StudentPasswordReset): void {
  waiting.set(requestId, reset);
}

export function pickUp(requestId: string): StudentPasswordReset | null {
  const reset = waiting.get(requestId) ?? null;
  waiting.delete(requestId);
  return reset;
}
