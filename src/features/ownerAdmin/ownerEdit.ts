/**
 * The owner edit form's values from her record, the partial edit the server takes (only what
 * changed), the form's own checks, and the server's refusals and failures in plain words.
 */
import type { OwnerEdit, OwnerRecord } from '../../../contract/owners';
import { changeFailureTextOf, isEmailTaken } from '../../api/changeFailure';
import type { ApiError } from '../../api/types';
import { OWNER_FIELDS, ownerFieldProblem, type OwnerField, type OwnerFormValues } from '../../entities/users/ownerForm';
import { ownerAdminMessages } from './ownerAdmin.messages';

export const formFromRecord = (record: OwnerRecord): OwnerFormValues => Object.fromEntries(OWNER_FIELDS.map((field) => [field, record[field]])) as OwnerFormValues;

/** Only the fields whose trimmed value differs from the record's. */
export function editFromForm(values: OwnerFormValues, record: OwnerRecord): OwnerEdit {
  const edit: OwnerEdit = {};
  for (const field of OWNER_FIELDS) {
    const value = values[field].trim();
    if (value !== record[field].trim()) edit[field] = value;
  }
  return edit;
}

export type FieldProblem = { field: OwnerField; message: string };

/**
 * The first changed field the sign-up's rules refuse (the same words): a field left as it was is
 * never refused, as it is not sent.
 */
export function checkEdit(values: OwnerFormValues, record: OwnerRecord): FieldProblem | null {
  const edit = editFromForm(values, record);
  for (const field of OWNER_FIELDS) {
    const value = edit[field];
    const message = value === undefined ? null : ownerFieldProblem(field, value);
    if (message) return { field, message };
  }
  return null;
}

/** The field the server named first, with a calm message for it; null when the refusal names none. */
export function fieldOfRefusal(error: ApiError): FieldProblem | null {
  const t = ownerAdminMessages.get();
  if (isEmailTaken(error)) return { field: 'email', message: t.emailTaken };
  const params = error.params ?? {};
  const field = OWNER_FIELDS.find((name) => params[name] !== undefined);
  return field ? { field, message: t.notAccepted } : null;
}

/** What a failed change says, never the server's raw text; `what` is the change in words ("The changes were not saved"). */
export function changeFailureText(what: string, error: ApiError): string {
  return ownerAdminMessages.get()[changeFailureTextOf(error)]({ what });
}
