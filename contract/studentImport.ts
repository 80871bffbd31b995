/**
 * Wire shapes of the bulk student import, franchise owners and administrators:
 * upload a CSV or .xlsx file → a stored preview (every row checked with the sign-up's rules,
 * duplicates flagged, nothing else written) → confirm → all rows become students in one
 * transaction, or none. Each new account's password and the parent's sign-in mail are made
 * afterwards by a background job in the database (argon2 takes ~40 ms a password: 2,000 of them
 * would not fit in the import's time); the preview reports its progress.
 */

export const STUDENT_IMPORT_PATHS = {
  /** POST multipart/form-data: field "file" (CSV or .xlsx), and "ownerId" for administrators → StudentImportPreview. */
  previews: '/wp-json/yo/v1/student-imports',
  /** GET → StudentImportPreview (poll it for the sign-in mails' progress after confirming). */
  preview: (id: number | string) => `/wp-json/yo/v1/student-imports/${id}`,
  /** POST StudentImportConfirmInput → StudentImportPreview (status 'imported', rows no longer listed). */
  confirm: (id: number | string) => `/wp-json/yo/v1/student-imports/${id}/confirm`,
} as const;

export const STUDENT_IMPORT_LIMITS = {
  /** The largest file taken. */
  fileBytes: 5 * 1024 * 1024,
  /** The most student rows one file may hold. */
  rows: 5000,
  /** A preview not confirmed within this is deleted. */
  previewHours: 24,
} as const;

/** The columns of a row, named as create_student names its fields. */
export const STUDENT_IMPORT_FIELDS = [
  'StudentFirstName',
  'StudentLastName',
  'ParentName',
  'ParentEmail',
  'Phone',
  'Program',
  'LessonStartDate',
  'LessonEndDate',
  'NumberOfLessons',
] as const;

export type StudentImportField = (typeof STUDENT_IMPORT_FIELDS)[number];

/** The header each field has in the students list's .xlsx export (the import's template). */
export const STUDENT_IMPORT_HEADERS: Record<StudentImportField, string> = {
  StudentFirstName: 'Student First Name',
  StudentLastName: 'Student Last Name',
  ParentName: 'Parent Name',
  ParentEmail: 'Parent Email',
  Phone: 'Phone',
  Program: 'Program',
  LessonStartDate: 'Start Date',
  LessonEndDate: 'End Date',
  NumberOfLessons: 'Lessons',
};

export type StudentImportDuplicate = null | 'existing' | 'in_file';

export interface StudentImportRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  /**
   * The cells as text, as read: dates as YYYY-MM-DD when the sheet held a date or a typed day/month/year
   * (read day first), and a known program as the program's title.
   */
  values: Record<StudentImportField, string>;
  /** The sign-up's message for each field that fails its rules; {} when the row is fine. */
  errors: Partial<Record<StudentImportField, string>>;
  /** 'existing': this child already has an account; 'in_file': an earlier row is the same child. */
  duplicate: StudentImportDuplicate;
}

export interface StudentImportCounts {
  rows: number;
  /** Rows without errors (duplicates included). */
  valid: number;
  invalid: number;
  duplicates: number;
}

export type StudentImportStatus = 'preview' | 'imported';

export interface StudentImportPreview {
  id: number;
  fileName: string;
  ownerId: number;
  status: StudentImportStatus;
  createdAt: string;
  /** When an unconfirmed preview is deleted. */
  expiresAt: string;
  /** Columns of the file that are not import columns (their cells are not read); [] once imported. */
  ignoredColumns: string[];
  /** Every row as checked; [] once imported (the rows are students then, and the import keeps only its counts). */
  rows: StudentImportRow[];
  counts: StudentImportCounts;
  /** After confirming: the students added, and the sign-in mails made so far (of `imported`). */
  imported: number;
  signInMails: { done: number; total: number };
}

export interface StudentImportConfirmInput {
  /** Leave out the rows flagged as duplicates (otherwise any duplicate refuses the import). */
  skipDuplicates?: boolean;
}
