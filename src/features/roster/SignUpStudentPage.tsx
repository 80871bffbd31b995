/**
 * /sign_up_new_student/{userName}: the student sign-up form. Validation runs in the spec's order and
 * shows one message at a time, next to its field, and moves focus there. The typed values live in
 * this page and survive a failed request, so the user just presses the button again.
 */
import 'react-datepicker/dist/react-datepicker.css';
import { useCallback, useEffect, type FormEvent, type RefObject } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { ApiError, User } from '../../api/types';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { breakpoints } from '../../shared/breakpoints';
import { browserOnline, NEEDS_INTERNET } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Card } from '../../shared/ui/Card';
import { DatePickerTheme } from '../../shared/ui/DatePickerTheme';
import { useDatePickerLocale } from '../../shared/ui/datePickerLocale';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { Title } from '../../shared/ui/Text';
import { FormFooter } from '../../shared/ui/FormFooter';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { selectSignUpStudentFlow } from './rosterSelectors';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { rosterActions } from './rosterSlice';
import { signUpMessages } from './signUp.messages';
import { StudentSignUpFields, type DatePickerSettings } from './StudentSignUpFields';
import { toNewStudent } from '../../entities/students/studentForm';
import { selectStudentsListOwner, type StudentsListOwner } from './studentsListOwner';
import { useMediaQuery } from './useMediaQuery';
import { useSignUpFocus, useStudentSignUpForm } from './useStudentSignUpForm';

/** The typed date's order in the shown language (English: the spec's); the calendar's names come with useDatePickerLocale. */
const PICKER_FORMATS: Record<string, string> = {
  he: 'd MMMM yyyy',
  es: "d 'de' MMMM 'de' yyyy",
};

/** Plain words for a failed sign-up; the typed values are kept. Never the server's raw text. */
export function signUpFailureText(error: ApiError): string {
  const t = signUpMessages.get();
  if (error.kind === 'network' && !browserOnline()) return t.studentNeedsInternet({ needsInternet: NEEDS_INTERNET });
  if (error.kind === 'network') return t.studentNetworkFailed;
  if (error.code === 'rest_invalid_param') return t.studentInvalid;
  if (error.status === 403) return t.studentForbidden;
  if (error.status === 429) return t.studentTooMany;
  return t.studentServerFailed;
}

export default function SignUpStudentPage() {
  const dispatch = useAppDispatch();
  const { userName = '' } = useParams();
  const role = useAppSelector(selectUserRole);
  const ownUserId = useAppSelector(selectUserId);
  const requestedOwnerId = ownerIdFromSearch(useLocation().search);
  // The owner this page was opened for (an administrator's ?owner= or the owner's first name).
  const urlOwner = useAppSelector((state) => selectStudentsListOwner(state, userName, requestedOwnerId));
  const users = useAppSelector(selectUserEntities);
  const flow = useAppSelector(selectSignUpStudentFlow);
  const picker = useDatePickerSettings();
  const chooseOwner = role === 'administrator';
  const t = useMessages(signUpMessages);
  const form = useStudentSignUpForm(chooseOwner, requestedOwnerId, flow.rejection);

  const open = useCallback(() => dispatch(rosterActions.signUpStudentOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);
  const successHeading = useSignUpFocus(form.errorField, form.attempt, flow.rejection, flow.status === 'succeeded');

  const submitting = flow.status === 'loading';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (form.check()) return;
    const teacherId = chooseOwner ? Number(form.values.teacherId) : (ownUserId ?? 0);
    dispatch(rosterActions.studentSignUpSubmitted(toNewStudent(form.values, teacherId)));
  };

  const chosenOwner = chooseOwner ? users[Number(form.values.teacherId)] : undefined;
  const listPath = studentsListPath({ chooseOwner, chosenOwner, userName, urlOwner });

  if (flow.status === 'succeeded') {
    return (
      <Page>
        <Title>{t.signUpNewStudent}</Title>
        <StudentAdded
          headingRef={successHeading}
          listPath={listPath}
          onAddAnother={() => {
            form.clearForAnother();
            dispatch(rosterActions.studentSignUpReset());
          }}
        />
      </Page>
    );
  }

  return (
    <Page>
      <DatePickerTheme />
      <Title>{t.signUpNewStudent}</Title>
      <Card>
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-labelledby="sign-up-heading">
          <h2 id="sign-up-heading" style={{ marginTop: 0 }}>
            {t.studentDetails}
          </h2>
          <StudentSignUpFields form={form} chooseOwner={chooseOwner} picker={picker} />
          {chooseOwner && <OwnersNotLoaded onRetry={open} />}
          <FormFooter submitting={submitting} progress={t.signingUpStudent} failure={flow.error && signUpFailureText(flow.error)} label={t.signUpStudent} busyLabel={t.signingUp}>
            <Link to={listPath}>{t.backToList}</Link>
          </FormFooter>
        </form>
      </Card>
      <LeaveGuard unsaved={form.dirty} saving={submitting} />
    </Page>
  );
}

/** The calendar in the shown language: until its month names are in, the picker reads and writes English dates. */
function useDatePickerSettings(): DatePickerSettings {
  const withPortal = useMediaQuery(`(max-width: ${breakpoints.datePickerPortalMax}px)`);
  const locale = useDatePickerLocale();
  return { locale, format: locale ? PICKER_FORMATS[locale] : undefined, withPortal };
}

/**
 * Back to whose list: the owner chosen in the form, else the one the URL names, else (an
 * administrator with neither) the owners list.
 */
function studentsListPath({ chooseOwner, chosenOwner, userName, urlOwner }: { chooseOwner: boolean; chosenOwner: User | undefined; userName: string; urlOwner: StudentsListOwner }): string {
  if (chosenOwner) return paths.studentsList.href({ userName: chosenOwner.firstName, ownerId: chosenOwner.id });
  if (!chooseOwner) return paths.studentsList.href({ userName });
  if (urlOwner.kind === 'found') return paths.studentsList.href({ userName: urlOwner.listName, ownerId: urlOwner.ownerId });
  return paths.franchiseOwnersList.href();
}

function StudentAdded({ headingRef, listPath, onAddAnother }: { headingRef: RefObject<HTMLHeadingElement | null>; listPath: string; onAddAnother: () => void }) {
  const t = useMessages(signUpMessages);
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1}>
        {t.studentAdded}
      </h2>
      <p>{t.detailsMailed}</p>
      <Toolbar>
        <ButtonLink to={listPath} $variant="secondary">
          {t.studentsList}
        </ButtonLink>
        <Button type="button" onClick={onAddAnother}>
          {t.addMoreStudent}
        </Button>
      </Toolbar>
    </Card>
  );
}

/** An administrator's owners did not load: the form cannot be sent without one, so say so and offer to try again. */
function OwnersNotLoaded({ onRetry }: { onRetry: () => void }) {
  const ownersLoad = useAppSelector(selectListLoad);
  const t = useMessages(signUpMessages);
  if (ownersLoad.status !== 'failed') return null;
  return (
    <Message $tone="error" role="alert">
      <p>{t.ownersNotLoaded}</p>
      <p>
        <Button type="button" $variant="secondary" onClick={onRetry}>
          {t.tryAgain}
        </Button>
      </p>
    </Message>
  );
}
