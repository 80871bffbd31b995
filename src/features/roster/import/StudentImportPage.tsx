/**
 * /students/import: add a class from a spreadsheet. Download the template (the students list's
 * export columns), choose a CSV or Excel file (or drop it), see every row checked, confirm, and
 * follow the parents' sign-in mails being made. Owners import into their own roster;
 * administrators choose the owner first.
 */
import { useEffect, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { ApiError } from '../../../api/types';
import { selectUserName, selectUserRole } from '../../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../../entities/users/usersSelectors';
import { failureMessage } from '../../../shared/failureMessage';
import { useLazyFeature } from '../../../shared/lazyFeature';
import { ownerIdFromSearch, paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Card } from '../../../shared/ui/Card';
import { FormField, controlProps } from '../../../shared/ui/Field';
import { Page, Toolbar } from '../../../shared/ui/Layout';
import { Message } from '../../../shared/ui/Message';
import { Subtitle, Title } from '../../../shared/ui/Text';
import { loadExporter } from '../exportService';
import { studentsListColumns } from '../rosterColumns';
import { selectOwnerChoices } from '../rosterSelectors';
import { keepImportFile } from './importFiles';
import { ImportPreview } from './ImportPreview';
import { studentImportFeature } from './studentImportFeature';
import { selectStudentImport, studentImportActions } from './studentImportSlice';
import { FileButton } from '../../../shared/ui/FileButton';
import { useRosterFeature } from '../rosterFeature';

const DropZone = styled.div<{ $over: boolean }>`
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.accent : theme.colors.border)};
  background: ${({ theme, $over }) => ($over ? theme.colors.surfaceAlt : theme.colors.surface)};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space[4]}px;
  margin: ${({ theme }) => theme.space[3]}px 0;
  input[type='file'] {
    max-width: 100%;
  }
`;

const Progress = styled.progress`
  width: 100%;
  height: 12px;
`;

/** Plain words for a refused file or confirmation: the server's own message says what is wrong with the file. */
function importFailureText(error: ApiError, step: 'upload' | 'confirm' | 'poll'): string {
  const isFileProblem = error.kind === 'rejected' && (error.status === 400 || error.status === 409 || error.status === 413 || error.status === 415) && /^(student_import_|rest_invalid_param)/.test(error.code);
  if (isFileProblem) return error.code === 'rest_invalid_param' ? 'Choose the franchise owner whose students these are.' : error.message;
  if (step === 'poll') return `The progress could not be read just now; it will be tried again. ${failureMessage(error)}`;
  if (error.kind === 'rejected' && error.status === 404) return 'This preview is no longer kept (previews last 24 hours). Choose the file again.';
  return `${step === 'upload' ? 'The file was not read.' : 'Nothing was imported.'} ${failureMessage(error)}`;
}

async function downloadTemplate(): Promise<void> {
  const exporter = await loadExporter();
  await exporter.exportToFile({ rows: [], columns: studentsListColumns, fileName: 'Students import template', sheetName: 'Students' });
}

export default function StudentImportPage() {
  useRosterFeature();
  useLazyFeature(studentImportFeature);
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectUserRole);
  const userName = useAppSelector(selectUserName) ?? '';
  const ownerChoices = useAppSelector(selectOwnerChoices);
  const users = useAppSelector(selectUserEntities);
  const flow = useAppSelector(selectStudentImport);
  const chooseOwner = role === 'administrator';
  // An administrator's link from an owner's list names the owner (?owner=).
  const requestedOwnerId = ownerIdFromSearch(useLocation().search);
  const [ownerId, setOwnerId] = useState(requestedOwnerId === null ? '' : String(requestedOwnerId));
  const [dragOver, setDragOver] = useState(false);
  const [templateFailed, setTemplateFailed] = useState(false);

  useEffect(() => {
    dispatch(studentImportActions.opened());
  }, [dispatch]);

  const ownerMissing = chooseOwner && ownerId === '';
  const send = (file: File | undefined) => {
    if (!file || ownerMissing) return;
    dispatch(studentImportActions.fileChosen({ fileId: keepImportFile(file), fileName: file.name, ownerId: chooseOwner ? Number(ownerId) : null }));
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    send(event.target.files?.[0]);
    event.target.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    send(event.dataTransfer.files[0]);
  };

  const owner = chooseOwner ? users[Number(ownerId)] : undefined;
  const listPath = owner ? paths.studentsList.href({ userName: owner.firstName, ownerId: owner.id }) : chooseOwner ? paths.franchiseOwnersList.href() : paths.studentsList.href({ userName });
  const { phase, preview, error, failedStep } = flow;
  const busy = phase === 'uploading' || phase === 'confirming';

  if (phase === 'imported' && preview) {
    const { done, total } = preview.signInMails;
    return (
      <Page aria-labelledby="import-title">
        <Title id="import-title">Import students</Title>
        <Message $tone="success" role="status">
          <p>
            <strong>{preview.imported.toLocaleString('en-US')} students added.</strong>
          </p>
          <p>
            {done < total
              ? `Preparing the parents' sign-in emails: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}. You may leave this page; they are sent anyway.`
              : `Every parent was sent their child's sign-in details.`}
          </p>
        </Message>
        {done < total && <Progress max={total} value={done} aria-label="Sign-in emails prepared" />}
        {error && failedStep === 'poll' && <Message $tone="info">{importFailureText(error, 'poll')}</Message>}
        <Toolbar>
          <Button type="button" $variant="secondary" onClick={() => dispatch(studentImportActions.opened())}>
            Import another file
          </Button>
          <Link to={listPath}>Back to the students list</Link>
        </Toolbar>
      </Page>
    );
  }

  return (
    <Page aria-labelledby="import-title">
      <Title id="import-title">Import students</Title>
      <Subtitle>Add a whole class from a spreadsheet (CSV or Excel .xlsx, up to 5,000 rows and 5 MB).</Subtitle>
      <Card>
        <p>
          Use the columns of the students list&apos;s Excel export: Student First Name, Student Last Name, Parent Name, Parent Email, Phone, Program, Start Date, End Date
          and Lessons. Each child gets their own account; brothers and sisters may share a parent email.
        </p>
        <Toolbar>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              setTemplateFailed(false);
              downloadTemplate().catch(() => setTemplateFailed(true));
            }}
          >
            Download the template
          </Button>
          <Link to={listPath}>Back to the students list</Link>
        </Toolbar>
        {templateFailed && <Message $tone="error">The template could not be made just now. Please try again.</Message>}
        {chooseOwner && (
          <FormField id="import-owner" label="Franchise Owner" error={null}>
            <select {...controlProps('import-owner', null)} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value="">{ownerChoices.length === 0 ? 'Loading franchise owners…' : 'Choose a franchise owner'}</option>
              {ownerChoices.map((choice) => (
                <option key={choice.id} value={String(choice.id)}>
                  {choice.label}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <DropZone
          $over={dragOver}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          <FileButton>
            Choose the spreadsheet (or drop it here)
            <input type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={onFile} disabled={busy || ownerMissing} />
          </FileButton>
          {ownerMissing && <p>Choose the franchise owner first.</p>}
        </DropZone>
        {phase === 'uploading' && (
          <div role="status">
            <p>Reading {flow.fileName}…</p>
            <Progress max={1} value={flow.uploadProgress} aria-label="File sent" />
          </div>
        )}
        {error && failedStep !== 'poll' && (
          <Message $tone="error" role="alert">
            {importFailureText(error, failedStep ?? 'upload')}
          </Message>
        )}
      </Card>
      {preview && (phase === 'preview' || phase === 'confirming') && (
        <ImportPreview key={preview.id} preview={preview} confirming={phase === 'confirming'} onConfirm={(skip) => dispatch(studentImportActions.confirmRequested({ skipDuplicates: skip }))} />
      )}
    </Page>
  );
}
