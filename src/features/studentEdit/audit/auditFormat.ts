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
  'student.renew': 'studentRenew',
  'student.move': 'studentMove',
  'student.password_reset': 'studentPasswordReset',
  'student.sign_in_mail': 'studentSignInMail',
  'student.import_mail': 'studentImportMail',
  'student.import': 'studentImport',
  'student.erase': 'studentErase',
  'student.anonymise': 'studentAnonymise',
  'student.erasure_requested': 'studentErasureRequested',
  'user.create': 'userCreate',
  'user.password_reset': 'userPasswordReset',
  'user.password_change': 'userPasswordChange',
  'user.terms_accept': 'userTermsAccept',
  'page.trash': 'pageTrash',
  'page.restore': 'pageRestore',
  'page.put_back': 'pagePutBack',
  'page.purge': 'pagePurge',
  'class.create': 'classCreate',
  'class.edit': 'classEdit',
  'class.archive': 'classArchive',
  'class.restore': 'classRestore',
  'user.calendar_feed': 'userCalendarFeed',
  'user.calendar_feed_off': 'userCalendarFeedOff',
  'owner.edit': 'ownerEdit',
  'owner.deactivate': 'ownerDeactivate',
  'owner.reactivate': 'ownerReactivate',
};

/** The actions the log's filter offers, in order. */
export const AUDIT_ACTIONS = Object.keys(ACTION_KEYS);

const text = (t: AuditTexts, key: AuditKey): string => {
  const value = t[key];
  return typeof value === 'string' ? value : '';
};

/** An action in words; `after` tells an import's first mail, logged as a sign-in mail before imports had their own action. */
export const actionLabel = (t: AuditTexts, action: string, after: Record<string, unknown> = {}): string => {
  if (action === 'student.sign_in_mail' && after.importId !== undefined) return t.studentImportMail;
  const key = ACTION_KEYS[action];
  return key ? text(t, key) : action.replace(/[._]/g, ' ');
};

const FIELD_KEYS: Record<string, AuditKey> = {
  student_first_name: 'fieldFirstName',
  student_last_name: 'fieldLastName',
  parent_name: 'fieldParent',
  parent_email: 'fieldParentEmail',
  // A franchise owner's own fields (the office's edit of her details, her deactivation).
  first_name: 'fieldFirstName',
  last_name: 'fieldLastName',
  email: 'fieldEmail',
  students: 'fieldOwnerStudents',
  to_owner_id: 'fieldHandedTo',
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
  via: 'fieldVia',
  importId: 'fieldImport',
  username: 'fieldUsername',
  version: 'fieldTermsVersion',
  role: 'fieldRole',
  title: 'fieldTitle',
  models: 'fieldModels',
  name: 'fieldName',
  programId: 'fieldProgram',
  place: 'fieldPlace',
  weekdays: 'fieldWeekdays',
  startTime: 'fieldTime',
  lengthMinutes: 'fieldLength',
  startDate: 'fieldStartDate',
  endDate: 'fieldEndDate',
  timeZone: 'fieldTimeZone',
  studentIds: 'fieldStudents',
};

/** ISO weekdays (1 Monday) in the shown language: 1 January 2024 was a Monday. */
const weekdayNames = (formatters: Formatters, days: unknown[]): string => {
  const names = new Intl.DateTimeFormat(['he', 'es'].includes(formatters.language) ? formatters.language : 'en', { weekday: 'long', timeZone: 'UTC' });
  return days.map((day) => (typeof day === 'number' ? names.format(Date.UTC(2024, 0, day)) : String(day))).join(', ');
};

const VIA_KEYS: Record<string, AuditKey> = { reset_password: 'viaResetPassword', 'first use of a reset password': 'viaFirstUse' };

/** `action` tells a studio page's published version (a number) from the terms' version (a hash). */
export const fieldLabel = (t: AuditTexts, field: string, action = ''): string => {
  const key = field === 'version' && action.startsWith('page.') ? 'fieldPublishedVersion' : FIELD_KEYS[field];
  return key ? text(t, key) : field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
};

/** A value as the table shows it; `ownerName` names an owner id. */
export function formatValue(t: AuditTexts, formatters: Formatters, field: string, value: unknown, ownerName: (id: number) => string | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field === 'sign_in_disabled') return value === true ? t.signInDisabled : t.signInEnabled;
  if ((field === 'teacher_id' || field === 'to_owner_id') && typeof value === 'number') return ownerName(value) ?? `#${value}`;
  if (field === 'students' && (value === 'keep' || value === 'hand_over')) return value === 'keep' ? t.studentsKept : t.studentsHandedOver;
  if (field === 'via' && typeof value === 'string') return VIA_KEYS[value] ? text(t, VIA_KEYS[value]) : value.replace(/_/g, ' ');
  if (field === 'importId') return t.importNumber({ id: String(value) });
  // A terms version is a long hash: its first characters tell versions apart.
  if (field === 'version' && typeof value === 'string') return value.slice(0, 8);
  if (field === 'role' && value === 'franchise_owner') return t.fieldOwner;
  if (field === 'programId') return t.importNumber({ id: String(value) });
  if (field === 'weekdays' && Array.isArray(value)) return weekdayNames(formatters, value);
  if (field === 'lengthMinutes' && typeof value === 'number') return t.minutes({ count: formatters.number(value) });
  if (field === 'studentIds' && Array.isArray(value)) return t.studentCount({ count: formatters.number(value.length) });
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value, formatters);
  if (typeof value === 'number') return formatters.number(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Values read left to right whatever the page's direction: phones, e-mails, login names, numbers. */
const LTR_FIELDS = new Set(['phone', 'parent_email', 'username', 'version']);
export const readsLeftToRight = (field: string, shown: string): boolean => LTR_FIELDS.has(field) || shown.includes('@') || /^[\d\s+()\-./:#]+$/.test(shown);

export interface ChangePart {
  field: string;
  label: string;
  /** Absent when the entry only says what the field is now (a student added or imported). */
  before?: string;
  after: string;
}

/** Each field of an entry, named and formatted: what it was (when the entry says) and what it became. */
export function changeParts(
  t: AuditTexts,
  formatters: Formatters,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ownerName: (id: number) => string | undefined,
  action = '',
): ChangePart[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    label: fieldLabel(t, field, action),
    ...(field in before ? { before: formatValue(t, formatters, field, before[field], ownerName) } : {}),
    after: formatValue(t, formatters, field, after[field], ownerName),
  }));
}

/** An ISO time in the viewer's local time and language, e.g. "Nov 23, 2026, 6:20 PM". */
export function formatWhen(formatters: Formatters, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatters.dateTime(date);
}
