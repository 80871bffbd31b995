/**
 * An import's preview: the counts, the rows with errors first (row, column, the sign-up's message),
 * the duplicates, and the confirmation, which stays disabled while any row has an error.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { STUDENT_IMPORT_HEADERS, type StudentImportField, type StudentImportPreview, type StudentImportRow } from '../../../../contract/studentImport';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { ScrollRegion, Table, Td, Th } from '../../../shared/ui/Table';
import { Toolbar } from '../../../shared/ui/Layout';
import { visuallyHidden } from '../../../shared/ui/VisuallyHidden';

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[2]}px;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: ${({ theme }) => theme.space[3]}px 0;
`;

const HiddenCaption = styled.caption`
  ${visuallyHidden}
`;

/** A cell that wraps on a phone instead of widening the table. */
const WrappingCell = styled(Td)`
  white-space: normal;
`;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "493 rows ready, 7 with errors" (and the duplicates when there are some). */
export function countsText(preview: StudentImportPreview): string {
  const { rows, invalid, duplicates } = preview.counts;
  const ready = preview.rows.filter((r) => r.duplicate === null && Object.keys(r.errors).length === 0).length;
  const parts = [`${count(ready, 'row', 'rows')} ready`];
  if (invalid > 0) parts.push(`${invalid.toLocaleString('en-US')} with errors`);
  if (duplicates > 0) parts.push(count(duplicates, 'duplicate', 'duplicates'));
  return `${parts.join(', ')} (${count(rows, 'row', 'rows')} in the file).`;
}

const studentName = (row: StudentImportRow) => `${row.values.StudentFirstName} ${row.values.StudentLastName}`.trim() || '(no name)';

function ErrorsTable({ rows }: { rows: StudentImportRow[] }) {
  const problems = rows.flatMap((row) => (Object.entries(row.errors) as [StudentImportField, string][]).map(([field, message]) => ({ row: row.row, field, message })));
  return (
    <ScrollRegion $bounded tabIndex={0} role="region" aria-labelledby="import-errors-heading">
      <Table>
        <HiddenCaption>Rows with errors</HiddenCaption>
        <thead>
          <tr>
            <Th scope="col">Row</Th>
            <Th scope="col">Column</Th>
            <Th scope="col">Problem</Th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.row}-${p.field}`}>
              <Td>{p.row}</Td>
              <WrappingCell>{STUDENT_IMPORT_HEADERS[p.field]}</WrappingCell>
              <WrappingCell>{p.message}</WrappingCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

function DuplicatesTable({ rows }: { rows: StudentImportRow[] }) {
  return (
    <ScrollRegion $bounded tabIndex={0} role="region" aria-labelledby="import-duplicates-heading">
      <Table>
        <HiddenCaption>Duplicate rows</HiddenCaption>
        <thead>
          <tr>
            <Th scope="col">Row</Th>
            <Th scope="col">Student</Th>
            <Th scope="col">Parent email</Th>
            <Th scope="col">Why</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <Td>{row.row}</Td>
              <Td>{studentName(row)}</Td>
              <Td>{row.values.ParentEmail}</Td>
              <Td>{row.duplicate === 'existing' ? 'Already has an account' : 'Appears earlier in the file'}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

export function ImportPreview({ preview, confirming, onConfirm }: { preview: StudentImportPreview; confirming: boolean; onConfirm: (skipDuplicates: boolean) => void }) {
  const [skipDuplicates, setSkipDuplicates] = useState(false);
  const withErrors = preview.rows.filter((r) => Object.keys(r.errors).length > 0);
  const duplicates = preview.rows.filter((r) => r.duplicate !== null);
  const blockedByDuplicates = duplicates.length > 0 && !skipDuplicates;
  const toImport = preview.rows.length - duplicates.length;
  const canConfirm = withErrors.length === 0 && !blockedByDuplicates && toImport > 0 && !confirming;

  return (
    <section aria-labelledby="import-preview-heading">
      <Heading id="import-preview-heading">Preview of {preview.fileName}</Heading>
      <Message $tone={withErrors.length > 0 ? 'error' : 'info'} role="status">
        <p>{countsText(preview)}</p>
        {withErrors.length > 0 && <p>Nothing is imported while a row has an error. Correct the rows below in your file, then choose it again.</p>}
        {preview.ignoredColumns.length > 0 && <p>These columns are not imported: {preview.ignoredColumns.join(', ')}.</p>}
      </Message>
      {withErrors.length > 0 && (
        <>
          <Heading id="import-errors-heading">Rows with errors</Heading>
          <ErrorsTable rows={withErrors} />
        </>
      )}
      {duplicates.length > 0 && (
        <>
          <Heading id="import-duplicates-heading">Duplicates</Heading>
          <DuplicatesTable rows={duplicates} />
          <Check>
            <input type="checkbox" checked={skipDuplicates} onChange={(event) => setSkipDuplicates(event.target.checked)} />
            Skip the {count(duplicates.length, 'duplicate', 'duplicates')} and import the other students
          </Check>
        </>
      )}
      <Toolbar>
        <Button type="button" $variant="primary" disabled={!canConfirm} aria-busy={confirming || undefined} onClick={() => onConfirm(skipDuplicates)}>
          {confirming ? 'Importing…' : withErrors.length > 0 ? 'Import students' : `Import ${count(toImport, 'student', 'students')}`}
        </Button>
      </Toolbar>
    </section>
  );
}
