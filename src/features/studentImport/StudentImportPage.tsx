/**
 * /students/import: add a class from a spreadsheet. Download the template (the students list's
 * export columns), choose a CSV or Excel file (or drop it), see every row checked, confirm, and
 * follow the parents' sign-in mails being made. Owners import into their own roster;
 * administrators choose the owner first.
 */
import { useEffect, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { selectUserName, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { STUDENT_IMPORT_FIELDS, STUDENT_IMPORT_HEADERS, STUDENT_IMPORT_LIMITS } from '../../../contract/studentImport';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { FormField, controlProps } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import type { ExportColumn } from '../../shared/export/exportSheet';
import { loadExporter } from '../../shared/export/exportService';
import { selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { keepImportFile } from './importFiles';
import { ImportPreview } from './ImportPreview';
import { rosterImportMessages } from './import.messages';
import { importFailureText, type ImportTexts } from './importTexts';
import { selectStudentImport, studentImportActions } from './studentImportSlice';
import { FileButton } from '../../shared/ui/FileButton';

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

/**
 * The template's header row is the import's file format, which the server reads in English
 * (STUDENT_IMPORT_HEADERS): it stays English in every language, so a template made in Hebrew imports.
 */
const templateColumns: ExportColumn<never>[] = STUDENT_IMPORT_FIELDS.map((field) => ({ header: STUDENT_IMPORT_HEADERS[field], kind: 'text', value: () => '' }));

async function downloadTemplate(t: ImportTexts): Promise<void> {
  const exporter = await loadExporter();
  await exporter.exportToFile({ rows: [], columns: templateColumns, fileName: t.templateFileName, sheetName: t.templateSheetName });
}

export default function StudentImportPage() {
  const t = useMessages(rosterImportMessages);
  const format = useFormatters();
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
  // A chosen file and its checked rows are gone once the page is left (it opens afresh); a
  // confirmation under way holds a move until the students are in.
  const unsaved = phase === 'uploading' || phase === 'preview' || phase === 'confirming';
  const guard = <LeaveGuard unsaved={unsaved} saving={phase === 'confirming'} />;

  if (phase === 'imported' && preview) {
    const { done, total } = preview.signInMails;
    return (
      <Page aria-labelledby="import-title">
        {guard}
        <Title id="import-title">{t.title}</Title>
        <Message $tone="success" role="status">
          <p>
            <strong>{t.studentsAdded(preview.imported)}</strong>
          </p>
          <p>
            {done < total
              ? t.preparingMails({ done: format.number(done), total: format.number(total) })
              : t.mailsDone}
          </p>
        </Message>
        {done < total && <Progress max={total} value={done} aria-label={t.mailsPrepared} />}
        {error && failedStep === 'poll' && <Message $tone="info">{importFailureText(t, format, error, 'poll')}</Message>}
        <Toolbar>
          <Button type="button" $variant="secondary" onClick={() => dispatch(studentImportActions.opened())}>
            {t.importAnother}
          </Button>
          <Link to={listPath}>{t.backToList}</Link>
        </Toolbar>
      </Page>
    );
  }

  return (
    <Page aria-labelledby="import-title">
      {guard}
      <Title id="import-title">{t.title}</Title>
      <Subtitle>{t.subtitle({ rows: format.number(STUDENT_IMPORT_LIMITS.rows), megabytes: format.number(STUDENT_IMPORT_LIMITS.fileBytes / 1024 / 1024) })}</Subtitle>
      <Card>
        <p>{t.columnsHelp}</p>
        <p>{t.valuesHelp}</p>
        <Toolbar>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              setTemplateFailed(false);
              downloadTemplate(t).catch(() => setTemplateFailed(true));
            }}
          >
            {t.downloadTemplate}
          </Button>
          <Link to={listPath}>{t.backToList}</Link>
        </Toolbar>
        {templateFailed && <Message $tone="error">{t.templateFailed}</Message>}
        {chooseOwner && (
          <FormField id="import-owner" label={t.ownerLabel} error={null}>
            <select {...controlProps('import-owner', null)} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value="">{ownerChoices.length === 0 ? t.loadingOwners : t.chooseOwner}</option>
              {ownerChoices.map((choice) => (
                <option key={choice.id} value={String(choice.id)} translate="no">
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
            {t.chooseFile}
            <input type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={onFile} disabled={busy || ownerMissing} />
          </FileButton>
          {ownerMissing && <p>{t.ownerFirst}</p>}
        </DropZone>
        {phase === 'uploading' && (
          <div role="status">
            <p>{t.reading({ fileName: flow.fileName })}</p>
            <Progress max={1} value={flow.uploadProgress} aria-label={t.fileSent} />
          </div>
        )}
        {error && failedStep !== 'poll' && (
          <Message $tone="error" role="alert">
            {importFailureText(t, format, error, failedStep ?? 'upload')}
          </Message>
        )}
      </Card>
      {preview && (phase === 'preview' || phase === 'confirming') && (
        <ImportPreview key={preview.id} preview={preview} confirming={phase === 'confirming'} onConfirm={(skip) => dispatch(studentImportActions.confirmRequested({ skipDuplicates: skip }))} />
      )}
    </Page>
  );
}
