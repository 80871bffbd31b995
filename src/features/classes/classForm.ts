/** The class form's values, its checks (the server's limits, before sending) and what the server's refusal says per field. */
import { CLASS_LIMITS, WEEKDAYS, type ClassInput, type ClassRecord, type Weekday } from '../../../contract/classes';
import type { ApiError } from '../../api/types';
import type { classesMessages } from './classes.messages';

type Texts = ReturnType<typeof classesMessages.get>;

export interface ClassValues {
  name: string;
  /** '' until chosen. */
  programId: string;
  place: string;
  weekdays: Weekday[];
  startTime: string;
  lengthMinutes: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  studentIds: number[];
  /** Administrators creating a class: whose it is ('' until chosen). */
  ownerId: string;
}

/** The fields in the form's order: the first with an error gets the focus. */
export const FIELD_ORDER = ['ownerId', 'name', 'programId', 'place', 'weekdays', 'startTime', 'lengthMinutes', 'startDate', 'endDate', 'timeZone', 'studentIds'] as const;
export type ClassField = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<ClassField, string>>;

export const WEEKDAY_KEYS = { 1: 'mon', 2: 'tue', 3: 'wed', 4: 'thu', 5: 'fri', 6: 'sat', 7: 'sun' } as const satisfies Record<Weekday, string>;

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export const emptyValues = (): ClassValues => ({
  name: '',
  programId: '',
  place: '',
  weekdays: [],
  startTime: '16:00',
  lengthMinutes: '60',
  startDate: today(),
  endDate: '',
  timeZone: browserTimeZone(),
  studentIds: [],
  ownerId: '',
});

export const valuesOf = (record: ClassRecord): ClassValues => ({
  name: record.name,
  programId: String(record.programId),
  place: record.place,
  weekdays: [...record.weekdays],
  startTime: record.startTime,
  lengthMinutes: String(record.lengthMinutes),
  startDate: record.startDate,
  endDate: record.endDate,
  timeZone: record.timeZone,
  studentIds: record.students.map((s) => s.id),
  ownerId: String(record.ownerId),
});

export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The checks the server makes, in the user's words; `needsOwner` when an administrator creates a class. */
export function checkValues(values: ClassValues, t: Texts, needsOwner: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (needsOwner && values.ownerId === '') errors.ownerId = t.ownerRequired;
  if (name === '') errors.name = t.nameRequired;
  else if (name.length > CLASS_LIMITS.nameMaxLength) errors.name = t.nameTooLong({ max: CLASS_LIMITS.nameMaxLength });
  if (values.programId === '') errors.programId = t.programRequired;
  if (values.place.trim().length > CLASS_LIMITS.placeMaxLength) errors.place = t.placeTooLong({ max: CLASS_LIMITS.placeMaxLength });
  if (values.weekdays.length === 0) errors.weekdays = t.weekdaysRequired;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.startTime)) errors.startTime = t.startTimeRequired;
  const minutes = Number(values.lengthMinutes);
  if (!/^\d+$/.test(values.lengthMinutes.trim()) || minutes < CLASS_LIMITS.minLengthMinutes || minutes > CLASS_LIMITS.maxLengthMinutes) {
    errors.lengthMinutes = t.lengthRange({ min: CLASS_LIMITS.minLengthMinutes, max: CLASS_LIMITS.maxLengthMinutes });
  }
  const datePattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!datePattern.test(values.startDate)) errors.startDate = t.startDateRequired;
  if (!datePattern.test(values.endDate)) errors.endDate = t.endDateRequired;
  else if (!errors.startDate) {
    const days = dayNumber(values.endDate) - dayNumber(values.startDate);
    if (days < 0) errors.endDate = t.endBeforeStart;
    else if (days > CLASS_LIMITS.maxDays) errors.endDate = t.tooLong({ days: CLASS_LIMITS.maxDays });
  }
  if (!isTimeZone(values.timeZone)) errors.timeZone = t.timeZoneInvalid;
  if (values.studentIds.length > CLASS_LIMITS.maxStudents) errors.studentIds = t.tooManyStudents({ max: CLASS_LIMITS.maxStudents });
  return errors;
}

export function inputOf(values: ClassValues, withOwner: boolean): ClassInput {
  return {
    name: values.name.trim(),
    programId: Number(values.programId),
    place: values.place.trim(),
    weekdays: WEEKDAYS.filter((day) => values.weekdays.includes(day)),
    startTime: values.startTime,
    lengthMinutes: Number(values.lengthMinutes),
    startDate: values.startDate,
    endDate: values.endDate,
    timeZone: values.timeZone.trim(),
    studentIds: values.studentIds,
    ...(withOwner ? { ownerId: Number(values.ownerId) } : {}),
  };
}

const isField = (key: string): key is ClassField => (FIELD_ORDER as readonly string[]).includes(key);

/** The server's rest_invalid_param, field by field (a name another active class has gets its own words). */
export function serverFieldErrors(error: ApiError | null, t: Texts): FieldErrors {
  if (!error || error.code !== 'rest_invalid_param' || !error.params) return {};
  const errors: FieldErrors = {};
  for (const key of Object.keys(error.params)) {
    const field = key === 'owner' ? 'ownerId' : key;
    if (!isField(field)) continue;
    errors[field] = field === 'name' && /already|unique|taken|exists/i.test(error.params[key] ?? '') ? t.nameTaken : t.fieldRefused;
  }
  return errors;
}

export const firstError = (errors: FieldErrors): ClassField | null => FIELD_ORDER.find((field) => errors[field]) ?? null;
