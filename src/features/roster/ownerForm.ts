/** The franchise owner sign-up form's values and its rules (portal backend only). */
import type { NewFranchiseOwner } from '../../api/types';
import { isValidEmail } from '../../entities/students/studentForm';
import { studentFormMessages } from '../../entities/students/studentForm.messages';

export type OwnerFormValues = Record<keyof NewFranchiseOwner, string>;
export type OwnerField = keyof OwnerFormValues;

export const emptyOwnerForm: OwnerFormValues = { firstName: '', lastName: '', email: '', country: '', state: '', territory: '' };

export function validateOwnerForm(values: OwnerFormValues): { field: OwnerField; message: string } | null {
  const t = studentFormMessages.get();
  const missing: Record<OwnerField, string> = {
    firstName: t.ownerFirstName,
    lastName: t.ownerLastName,
    email: t.ownerEmail,
    country: t.ownerCountry,
    state: t.ownerState,
    territory: t.ownerTerritory,
  };
  const order: OwnerField[] = ['firstName', 'lastName', 'email', 'country', 'state', 'territory'];
  for (const field of order) {
    if (values[field].trim() === '') return { field, message: missing[field] };
    if (field === 'email' && !isValidEmail(values.email)) return { field, message: t.ownerEmailFormat };
  }
  return null;
}
