import { defineMessages } from '../../../shared/i18n/messages';

/**
 * The roster tables' column headers (the spec's, word for word in English) and the word for an
 * empty last-active day. rosterColumns.ts keeps the English header as the column's identity (the
 * start-up chunk carries it); the screens and the export show it through `columnText`.
 */
const english = {
  studentFirstName: 'Student First Name',
  studentLastName: 'Student Last Name',
  parentName: 'Parent Name',
  parentEmail: 'Parent Email',
  phone: 'Phone',
  program: 'Program',
  startDate: 'Start Date',
  endDate: 'End Date',
  lessons: 'Lessons',
  lessonsLeft: 'Lessons left',
  models: 'Models',
  inProgress: 'In progress',
  finished: 'Finished',
  lastActive: 'Last active',
  never: 'Never',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  country: 'Country',
  state: 'State',
  territory: 'Territory',
  students: 'Students',
  studentsList: 'Students List',
  manage: 'Manage',
  franchiseOwner: 'Franchise Owner',
  activeThisMonth: 'Active this month',
  meetingsThisMonth: 'Meetings this month',
  status: 'Status',
  active: 'Active',
  deactivated: 'Deactivated',
} as const;

export const rosterColumnMessages = defineMessages('rosterColumns', english);

type ColumnTexts = Readonly<Record<keyof typeof english, string>>;
const keyOfEnglish = new Map(Object.entries(english).map(([key, text]) => [text as string, key as keyof typeof english]));

/** A column's header (or its word for an empty value) in the shown language; an unknown text as it is. */
export function columnText(texts: ColumnTexts, englishText: string): string {
  const key = keyOfEnglish.get(englishText);
  return key ? texts[key] : englishText;
}
