/**
 * An import's preview: the counts, the rows with errors first (row, column, the sign-up's message),
 * the duplicates, and the confirmation, which stays disabled while any row has an error.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { StudentImportField, StudentImportPreview, StudentImportRow } from '../../../contract/studentImport';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { ScrollRegion, Table, Td, Th } from '../../shared/ui/Table';
import { Toolbar } from '../../shared/ui/Layout';
import { visuallyHidden } from '../../shared/ui/VisuallyHidden';
import { rosterImportMessages } from './import.messages';
import { countsText, fieldName, rowProblem, type ImportTexts } from './importTexts';

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

const studentName = (row: StudentImportRow) => `${row.values.StudentFirstName} ${row.values.StudentLastName}`.trim();

function ErrorsTable({ rows, t }: { rows: StudentImportRow[]; t: ImportTexts }) {
  const format = useFormatters();
  const problems = rows.flatMap((row) => (Object.entries(row.errors) as [StudentImportField, string][]).map(([field, message]) => ({ row: row.row, field, problem: rowProblem(t, format, message) })));
  return (
    <ScrollRegion $bounded tabIndex={0} role="region" aria-labelledby="import-errors-heading">
      <Table>
        <HiddenCaption>{t.rowsWithErrors}</HiddenCaption>
        <thead>
          <tr>
            <Th scope="col">{t.columnRow}</Th>
            <Th scope="col">{t.columnColumn}</Th>
            <Th scope="col">{t.columnProblem}</Th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.row}-${p.field}`}>
              <Td>{format.number(p.row)}</Td>
              <WrappingCell>{fieldName(t, p.field)}</WrappingCell>
              <WrappingCell translate={p.problem.translated ? undefined : 'no'}>{p.problem.text}</WrappingCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

function DuplicatesTable({ rows, t }: { rows: StudentImportRow[]; t: ImportTexts }) {
  const format = useFormatters();
  return (
    <ScrollRegion $bounded tabIndex={0} role="region" aria-labelledby="import-duplicates-heading">
      <Table>
        <HiddenCaption>{t.duplicateRows}</HiddenCaption>
        <thead>
          <tr>
            <Th scope="col">{t.columnRow}</Th>
            <Th scope="col">{t.columnStudent}</Th>
            <Th scope="col">{t.columnParentEmail}</Th>
            <Th scope="col">{t.columnWhy}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <Td>{format.number(row.row)}</Td>
              {studentName(row) ? <Td translate="no">{studentName(row)}</Td> : <Td>{t.noName}</Td>}
              <Td translate="no">{row.values.ParentEmail}</Td>
              <Td>{row.duplicate === 'existing' ? t.alreadyHasAccount : t.earlierInFile}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

export function ImportPreview({ preview, confirming, onConfirm }: { preview: StudentImportPreview; confirming: boolean; onConfirm: (skipDuplicates: boolean) => void }) {
  const t = useMessages(rosterImportMessages);
  const [skipDuplicates, setSkipDuplicates] = useState(false);
  const withErrors = preview.rows.filter((r) => Object.keys(r.errors).length > 0);
  const duplicates = preview.rows.filter((r) => r.duplicate !== null);
  const blockedByDuplicates = duplicates.length > 0 && !skipDuplicates;
  const toImport = preview.rows.length - duplicates.length;
  const canConfirm = withErrors.length === 0 && !blockedByDuplicates && toImport > 0 && !confirming;

  return (
    <section aria-labelledby="import-preview-heading">
      <Heading id="import-preview-heading">{t.previewOf({ fileName: preview.fileName })}</Heading>
      <Message $tone={withErrors.length > 0 ? 'error' : 'info'} role="status">
        <p>{countsText(t, preview)}</p>
        {withErrors.length > 0 && <p>{t.nothingWhileErrors}</p>}
        {preview.ignoredColumns.length > 0 && <p>{t.ignoredColumns({ columns: preview.ignoredColumns.join(t.listSeparator) })}</p>}
      </Message>
      {withErrors.length > 0 && (
        <>
          <Heading id="import-errors-heading">{t.rowsWithErrors}</Heading>
          <ErrorsTable rows={withErrors} t={t} />
        </>
      )}
      {duplicates.length > 0 && (
        <>
          <Heading id="import-duplicates-heading">{t.duplicates}</Heading>
          <DuplicatesTable rows={duplicates} t={t} />
          <Check>
            <input type="checkbox" checked={skipDuplicates} onChange={(event) => setSkipDuplicates(event.target.checked)} />
            {t.skipDuplicates(duplicates.length)}
          </Check>
        </>
      )}
      <Toolbar>
        <Button type="button" $variant="primary" disabled={!canConfirm} aria-busy={confirming || undefined} onClick={() => onConfirm(skipDuplicates)}>
          {confirming ? t.importing : withErrors.length > 0 ? t.title : t.importCount(toImport)}
        </Button>
      </Toolbar>
    </section>
  );
}
