/**
 * The import's texts that depend on what the server said: a row's sign-up message and a refused
 * file, told from the catalogue (the server speaks English only).
 */
import { STUDENT_IMPORT_LIMITS, type StudentImportField, type StudentImportPreview } from '../../../contract/studentImport';
import type { ApiError } from '../../api/types';
import { failureMessage } from '../../shared/failureMessage';
import type { Formatters } from '../../shared/i18n/formatting';
import type { rosterImportMessages } from './import.messages';

export type ImportTexts = ReturnType<typeof rosterImportMessages.get>;

export const fieldName = (t: ImportTexts, field: StudentImportField): string => t[`field${field}`];

type Key = { [K in keyof ImportTexts]: ImportTexts[K] extends string ? K : never }[keyof ImportTexts];

/** The sign-up's fixed messages (server/http/params.ts, studentFields.ts). */
const ROW_MESSAGES: Record<string, Key> = {
  'Must not be empty.': 'mustNotBeEmpty',
  'Must be a string.': 'mustBeText',
  'Must not contain control characters or < >.': 'mustNotHaveControls',
  'Must be valid Unicode text.': 'mustBeUnicode',
  'Must be a valid email address.': 'mustBeEmail',
  'Must be an integer.': 'mustBeInteger',
  'Must be a date as YYYY-MM-DD.': 'mustBeIsoDate',
  'Must be a real date.': 'mustBeRealDate',
  'Must be a phone number.': 'mustBePhone',
};

/** A row's problem in the shown language; `translated` is false for a message the portal does not know (shown as the server wrote it). */
export function rowProblem(t: ImportTexts, format: Formatters, message: string): { text: string; translated: boolean } {
  const known = ROW_MESSAGES[message];
  if (known) return { text: t[known], translated: true };
  // The server names the column by the sheet's header; the page names it in the shown language.
  if (/^Must not be before (LessonStartDate|Start Date)\.$/.test(message)) return { text: t.mustNotEndBeforeStart({ column: fieldName(t, 'LessonStartDate') }), translated: true };
  const programs = /^Must be one of these programs: (.*)\.$/.exec(message);
  if (programs) return { text: t.mustBeProgram({ programs: programs[1]! }), translated: true };
  const longest = /^Must be at most (\d+) characters long\.$/.exec(message);
  if (longest) return { text: t.mustBeShorter({ max: format.number(Number(longest[1])) }), translated: true };
  const least = /^Must be at least (\d+)\.$/.exec(message);
  if (least) return { text: t.mustBeAtLeast({ min: format.number(Number(least[1])) }), translated: true };
  const most = /^Must be at most (\d+)\.$/.exec(message);
  if (most) return { text: t.mustBeAtMost({ max: format.number(Number(most[1])) }), translated: true };
  return { text: message, translated: false };
}

/** "493 rows ready, 7 with errors (500 rows in the file)." (and the duplicates when there are some). */
export function countsText(t: ImportTexts, preview: StudentImportPreview): string {
  const { rows, invalid, duplicates } = preview.counts;
  const ready = preview.rows.filter((r) => r.duplicate === null && Object.keys(r.errors).length === 0).length;
  const parts = [t.rowsReady(ready)];
  if (invalid > 0) parts.push(t.rowsWithErrorsCount(invalid));
  if (duplicates > 0) parts.push(t.duplicatesCount(duplicates));
  return t.countsSummary({ parts: parts.join(t.listSeparator), inFile: t.rowsInFile(rows) });
}

/** What the server refused about the file, by its code (the English page keeps the server's own words, which name the column or the file). */
function fileProblem(t: ImportTexts, format: Formatters, code: string): string {
  if (code.startsWith('student_import_unreadable')) return t.fileUnreadable;
  switch (code) {
    case 'student_import_columns':
      return t.fileColumns;
    case 'student_import_empty':
      return t.fileEmpty;
    case 'student_import_too_many_rows':
      return t.fileTooManyRows({ rows: format.number(STUDENT_IMPORT_LIMITS.rows) });
    case 'student_import_too_large':
      return t.fileTooLarge({ megabytes: format.number(STUDENT_IMPORT_LIMITS.fileBytes / 1024 / 1024) });
    case 'student_import_has_errors':
      return t.fileHasErrors;
    case 'student_import_duplicates':
      return t.fileDuplicates;
    case 'student_import_done':
      return t.fileAlreadyImported;
    case 'student_import_owner_gone':
      return t.fileOwnerGone;
    case 'student_import_not_found':
      return t.previewGone;
    default:
      return t.fileNotSent;
  }
}

/** Plain words for a refused file or confirmation: the server's own message says what is wrong with the file. */
export function importFailureText(t: ImportTexts, format: Formatters, error: ApiError, step: 'upload' | 'confirm' | 'poll'): string {
  const isFileProblem = error.kind === 'rejected' && (error.status === 400 || error.status === 409 || error.status === 413 || error.status === 415) && /^(student_import_|rest_invalid_param)/.test(error.code);
  if (isFileProblem) {
    if (error.code === 'rest_invalid_param') return t.ownerForFile;
    return format.language === 'en' ? error.message : fileProblem(t, format, error.code);
  }
  const reason = failureMessage(error);
  if (step === 'poll') return t.pollFailed({ reason });
  if (error.kind === 'rejected' && error.status === 404) return t.previewGone;
  return step === 'upload' ? t.uploadFailed({ reason }) : t.confirmFailed({ reason });
}
