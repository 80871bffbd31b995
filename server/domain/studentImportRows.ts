/**
 * Checks an import's rows with the sign-up's own rules (STUDENT_FIELD_RULES, the messages
 * create_student answers) and flags the duplicates by the families rule: a child who already has
 * an account ('existing'), or a row naming the same child as an earlier row ('in_file').
 */
import type { StudentImportCounts, StudentImportField, StudentImportRow } from '../../contract/studentImport';
import type { Executor } from '../db/queries';
import { childKey, existingChildKeys } from './families';
import { lessonDatesError, studentFields } from './studentFields';
import type { ReadRow } from '../roster/importFile';

/** The sign-up's message for each failing field of one row ({} when it passes). */
export function rowErrors(values: ReadRow['values']): Partial<Record<StudentImportField, string>> {
  const result = studentFields.safeParse(values);
  if (!result.success) {
    const errors: Partial<Record<StudentImportField, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as StudentImportField;
      errors[field] ??= values[field] === '' ? 'Must not be empty.' : issue.message;
    }
    return errors;
  }
  return (lessonDatesError(result.data.LessonStartDate, result.data.LessonEndDate) ?? {}) as Partial<Record<StudentImportField, string>>;
}

/** Flags each row's duplicate against the owner's students (as create_student does) and earlier rows. */
export async function flagDuplicates(db: Executor, ownerId: number, rows: readonly Pick<StudentImportRow, 'values' | 'errors'>[]): Promise<StudentImportRow['duplicate'][]> {
  const existing = await existingChildKeys(
    db,
    ownerId,
    rows.map((r) => r.values.ParentEmail),
  );
  const seen = new Set<string>();
  return rows.map((r) => {
    const key = childKey(r.values.ParentEmail, r.values.StudentFirstName, r.values.StudentLastName);
    if (existing.has(key)) return 'existing';
    if (seen.has(key)) return 'in_file';
    seen.add(key);
    return null;
  });
}

export async function checkRows(db: Executor, ownerId: number, read: readonly ReadRow[]): Promise<{ rows: StudentImportRow[]; counts: StudentImportCounts }> {
  const checked = read.map((r) => ({ row: r.row, values: r.values, errors: rowErrors(r.values) }));
  const duplicates = await flagDuplicates(db, ownerId, checked);
  const rows = checked.map((r, i) => ({ ...r, duplicate: duplicates[i] ?? null }));
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, counts: { rows: rows.length, valid: rows.length - invalid, invalid, duplicates: rows.filter((r) => r.duplicate !== null).length } };
}
