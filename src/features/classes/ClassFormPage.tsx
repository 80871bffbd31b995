/**
 * /classes/new and /classes/:classId: a class's form. What is typed stays while it is sent and
 * after a failure; the form's checks (the server's limits) and the server's refusals show at their
 * fields, the first of them focused. An existing class can be archived and restored here.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { FormFooter } from '../../shared/ui/FormFooter';
import { Page } from '../../shared/ui/Layout';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { ArchiveControl } from './ArchiveControl';
import { classesMessages } from './classes.messages';
import { classesActions, selectClasses } from './classesSlice';
import { ClassFields, fieldElementId } from './ClassFields';
import { checkValues, emptyValues, firstError, inputOf, serverFieldErrors, valuesOf, type ClassValues, type FieldErrors } from './classForm';

const focusField = (errors: FieldErrors) => {
  const field = firstError(errors);
  if (field) document.getElementById(fieldElementId(field))?.focus();
};

export default function ClassFormPage() {
  const { classId } = useParams();
  const id = classId === undefined ? null : Number(classId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useMessages(classesMessages);
  const admin = useAppSelector(selectUserRole) === 'administrator';
  const { choices, open, save } = useAppSelector(selectClasses);
  const [values, setValues] = useState<ClassValues>(emptyValues);
  // What the form held when it opened: anything else is unsaved work that leaving would lose.
  const [baseline, setBaseline] = useState<ClassValues>(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const filledFor = useRef<number | null>(null);
  // Only this visit's sending counts: an earlier visit's "saved" must not move the page on.
  const [sent, setSent] = useState(false);

  useEffect(() => {
    dispatch(classesActions.formOpened({ id }));
    dispatch(classesActions.choicesRequested());
  }, [dispatch, id]);

  // The class's values fill the form once; later answers (saving, archiving) keep what is typed.
  const record = open.status === 'ready' && open.id === id ? open.value : null;
  useEffect(() => {
    if (record && filledFor.current !== record.id) {
      filledFor.current = record.id;
      setValues(valuesOf(record));
      setBaseline(valuesOf(record));
    }
  }, [record]);

  useEffect(() => {
    if (!sent) return;
    if (save.status === 'saved') void navigate(paths.classes.href());
    if (save.status === 'failed') {
      const fromServer = serverFieldErrors(save.error, classesMessages.get());
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusField(fromServer);
      }
    }
  }, [save, sent, navigate]);

  const ownerPick = admin && id === null;
  const set = <K extends keyof ClassValues>(field: K, value: ClassValues[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => (before[field] ? { ...before, [field]: undefined } : before));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.status === 'saving') return;
    const found = checkValues(values, t, ownerPick);
    setErrors(found);
    if (firstError(found)) {
      focusField(found);
      return;
    }
    setSent(true);
    dispatch(classesActions.saveRequested({ id, input: inputOf(values, ownerPick) }));
  };

  const heading = id === null ? t.newClass : t.editClass;
  const retry = () => {
    dispatch(classesActions.formOpened({ id }));
    dispatch(classesActions.choicesRequested());
  };
  const loadError = open.status === 'failed' ? open.error : choices.status === 'failed' ? choices.error : null;
  const fieldErrorsShown = save.status === 'failed' && Object.keys(serverFieldErrors(save.error, t)).length > 0;
  const failure = save.status !== 'failed' || !sent ? null : fieldErrorsShown ? t.checkFields : t.couldNotSave({ reason: failureMessage(save.error) });

  const unsaved = save.status !== 'saved' && JSON.stringify(values) !== JSON.stringify(baseline);

  return (
    <Page aria-labelledby="class-form-title">
      <LeaveGuard unsaved={unsaved} saving={save.status === 'saving'} />
      <p>
        <Link to={paths.classes.href()}>{t.backToClasses}</Link>
      </p>
      <Title id="class-form-title">{heading}</Title>
      {loadError ? (
        <LoadFailed what={open.status === 'failed' ? t.classWhat : t.choicesWhat} error={loadError} onRetry={retry} />
      ) : choices.status !== 'ready' || (id !== null && !record) ? (
        <SkeletonBlock $height={320} role="status" aria-label={t.loadingClass} />
      ) : (
        <>
          {record && admin && <p translate="no">{`${t.owner}: ${record.ownerName}`}</p>}
          <form onSubmit={onSubmit} noValidate aria-labelledby="class-form-title">
            <ClassFields values={values} errors={errors} choices={choices.value} set={set} ownerPick={ownerPick} />
            <FormFooter submitting={save.status === 'saving'} progress={t.savingClass} failure={failure} label={id === null ? t.create : t.save} busyLabel={t.saving} />
          </form>
          {record && <ArchiveControl record={record} />}
        </>
      )}
    </Page>
  );
}
