/** A franchise owner's form values and their rules: the sign-up's, and the office's edit of her details (portal backend only). */
import type { NewFranchiseOwner } from '../../api/types';
import { isValidEmail } from '../students/studentForm';
import { studentFormMessages } from '../students/studentForm.messages';

export type OwnerFormValues = Record<keyof NewFranchiseOwner, string>;
export type OwnerField = keyof OwnerFormValues;

/** The fields in the form's order, the order their problems are told in. */
export const OWNER_FIELDS: readonly OwnerField[] = ['firstName', 'lastName', 'email', 'country', 'state', 'territory'];

export const emptyOwnerForm: OwnerFormValues = { firstName: '', lastName: '', email: '', country: '', state: '', territory: '' };

/** What is wrong with one field's value, or null. */
export function ownerFieldProblem(field: OwnerField, value: string): string | null {
  const t = studentFormMessages.get();
  const missing: Record<OwnerField, string> = {
    firstName: t.ownerFirstName,
    lastName: t.ownerLastName,
    email: t.ownerEmail,
    country: t.ownerCountry,
    state: t.ownerState,
    territory: t.ownerTerritory,
  };
  if (value.trim() === '') return missing[field];
  if (field === 'email' && !isValidEmail(value)) return t.ownerEmailFormat;
  return null;
}

export function validateOwnerForm(values: OwnerFormValues): { field: OwnerField; message: string } | null {
  for (const field of OWNER_FIELDS) {
    const message = ownerFieldProblem(field, values[field]);
    if (message) return { field, message };
  }
  return null;
}
