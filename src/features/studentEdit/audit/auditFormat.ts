/** The audit log in words: actions, field names and values as the office reads them, in the shown language. */
import type { Formatters } from '../../../shared/i18n/formatting';
import { type auditMessages } from './audit.messages';
import { formatCalendarDate } from '../../../shared/i18n/calendarDates';

type AuditTexts = ReturnType<typeof auditMessages.get>;
type AuditKey = keyof AuditTexts;

const ACTION_KEYS: Record<string, AuditKey> = {
  'student.create': 'studentCreate',
  'student.edit': 'studentEdit',
  'student.end': 'studentEnd',
  'student.reactivate': 'studentReactivate',
  'student.move': 'studentMove',
  'student.password_reset': 'studentPasswordReset',
  'student.sign_in_mail': 'studentSignInMail',
  'student.import': 'studentImport',
  'student.erase': 'studentErase',
  'student.anonymise': 'studentAnonymise',
  'user.create': 'userCreate',
  'user.password_change': 'userPasswordChange',
  'user.terms_accept': 'userTermsAccept',
};

/** The actions the log's filter offers, in order. */
export const AUDIT_ACTIONS = Object.keys(ACTION_KEYS);

const text = (t: AuditTexts, key: AuditKey): string => {
  const value = t[key];
  return typeof value === 'string' ? value : '';
};

export const actionLabel = (t: AuditTexts, action: string): string => {
  const key = ACTION_KEYS[action];
  return key ? text(t, key) : action;
};

const FIELD_KEYS: Record<string, AuditKey> = {
  student_first_name: 'fieldFirstName',
  student_last_name: 'fieldLastName',
  parent_name: 'fieldParent',
  parent_email: 'fieldParentEmail',
  phone: 'fieldPhone',
  program: 'fieldProgram',
  lessons_start_date: 'fieldStartDate',
  lessons_end_date: 'fieldEndDate',
  number_of_lessons: 'fieldLessons',
  teacher_id: 'fieldOwner',
  sign_in_disabled: 'fieldSignIn',
  country: 'fieldCountry',
  state: 'fieldState',
  territory: 'fieldTerritory',
};

export const fieldLabel = (t: AuditTexts, field: string): string => {
  const key = FIELD_KEYS[field];
  return key ? text(t, key) : field.replace(/_/g, ' ');
};

/** A value as the table shows it; `ownerName` names an owner id. */
export function formatValue(t: AuditTexts, formatters: Formatters, field: string, value: unknown, ownerName: (id: number) => string | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field === 'sign_in_disabled') return value === true ? t.signInDisabled : t.signInEnabled;
  if (field === 'teacher_id' && typeof value === 'number') return ownerName(value) ?? `#${value}`;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value, formatters);
  if (typeof value === 'number') return formatters.number(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each changed field as "Phone: 050… → 052…". */
export function describeChanges(
  t: AuditTexts,
  formatters: Formatters,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ownerName: (id: number) => string | undefined,
): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) =>
    t.changedField({ field: fieldLabel(t, field), before: formatValue(t, formatters, field, before[field], ownerName), after: formatValue(t, formatters, field, after[field], ownerName) }),
  );
}

/** An ISO time in the viewer's local time and language, e.g. "Nov 23, 2026, 6:20 PM". */
export function formatWhen(formatters: Formatters, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatters.dateTime(date);
}
