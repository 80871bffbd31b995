/**
 * /admin/sign_up_new_franchise/{userName}: titled Select Program, as the spec says, with the button
 * to the external content-management admin panel where one is configured (cmsAdminUrl; the portal's
 * own backend has none). Where the backend can add franchise owners itself
 * (capabilities.createFranchiseOwner), a form does it here too.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ApiError } from '../../api/types';
import { selectCapabilities, selectCapabilitiesKnown, selectCmsAdminUrl } from '../../entities/config/configSlice';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectSignUpOwnerFlow } from './rosterSelectors';
import { FormFooter } from '../../shared/ui/FormFooter';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { rosterActions } from './rosterSlice';
import { emptyOwnerForm, validateOwnerForm, type OwnerField, type OwnerFormValues } from '../../entities/users/ownerForm';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { controlProps, FormField } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { FormGrid, Page, Toolbar } from '../../shared/ui/Layout';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { ExternalButtonLink } from '../../shared/ui/ButtonLink';
import { useMessages } from '../../shared/i18n/messages';
import { signUpMessages } from './signUp.messages';
import { studentFormMessages } from '../../entities/students/studentForm.messages';

const fieldId = (field: OwnerField) => `owner-${field}`;

export function ownerFailureText(error: ApiError): string {
  const t = signUpMessages.get();
  if (error.code === 'already_exists') return t.emailTaken;
  if (error.kind === 'network') return t.ownerNetworkFailed;
  if (error.code === 'rest_invalid_param') return t.ownerInvalid;
  if (error.status === 403) return t.ownerForbidden;
  return t.ownerServerFailed;
}

/** "Opens elsewhere": the arrow points up and away from the text, to the left in a right-to-left page. */
const OutArrow = styled.span`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

const OWNER_FIELDS: readonly OwnerField[] = ['firstName', 'lastName', 'email', 'country', 'state', 'territory'];

function AddFranchiseOwnerForm() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectSignUpOwnerFlow);
  const [values, setValues] = useState<OwnerFormValues>(emptyOwnerForm);
  // The values as they were sent: their first failure is worded in the language shown now (the
  // texts are a dependency so that a language change words it again).
  const [checked, setChecked] = useState<OwnerFormValues | null>(null);
  const [attempt, setAttempt] = useState(0);
  const successRef = useRef<HTMLDivElement>(null);
  const submitting = flow.status === 'loading';
  const t = useMessages(signUpMessages);
  const formTexts = useMessages(studentFormMessages);
  const error = useMemo(() => (checked && formTexts ? validateOwnerForm(checked) : null), [checked, formTexts]);
  const errorField = error?.field;
  const labels: Record<OwnerField, string> = {
    firstName: formTexts.ownerFirstNameLabel,
    lastName: formTexts.ownerLastNameLabel,
    email: formTexts.ownerEmailLabel,
    country: formTexts.ownerCountryLabel,
    state: formTexts.ownerStateLabel,
    territory: formTexts.ownerTerritoryLabel,
  };

  useEffect(() => {
    if (errorField) document.getElementById(fieldId(errorField))?.focus();
  }, [errorField, attempt]);
  useEffect(() => {
    if (flow.status === 'succeeded') successRef.current?.focus();
    if (flow.error?.code === 'already_exists') document.getElementById(fieldId('email'))?.focus();
  }, [flow.status, flow.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateOwnerForm(values);
    setChecked(values);
    setAttempt((n) => n + 1);
    if (problem) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as unknown as OwnerFormValues;
    dispatch(rosterActions.franchiseOwnerSubmitted(trimmed));
  };

  if (flow.status === 'succeeded' && flow.created) {
    return (
      <Message $tone="success" ref={successRef} tabIndex={-1} role="status">
        <p>{t.ownerAdded({ name: flow.created.name, username: flow.created.username, email: flow.created.email })}</p>
        <Toolbar>
          <Link to={paths.franchiseOwnersList.href()}>{t.goToOwnersList}</Link>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              setValues(emptyOwnerForm);
              setChecked(null);
              dispatch(rosterActions.franchiseOwnerReset());
            }}
          >
            {t.addAnotherOwner}
          </Button>
        </Toolbar>
      </Message>
    );
  }

  const messageFor = (field: OwnerField) =>
    error?.field === field ? error.message : field === 'email' && flow.error?.code === 'already_exists' ? ownerFailureText(flow.error) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-labelledby="add-owner-heading">
      <h2 id="add-owner-heading">{t.addOwnerHeading}</h2>
      <p>{t.ownerGetsMail}</p>
      <FormGrid>
        {OWNER_FIELDS.map((field) => (
          <FormField key={field} id={fieldId(field)} label={labels[field]} error={messageFor(field)}>
            <input
              {...controlProps(fieldId(field), messageFor(field))}
              name={field}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field === 'email' ? 'off' : 'off'}
              maxLength={field === 'email' ? 254 : 100}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            />
          </FormField>
        ))}
      </FormGrid>
      <FormFooter
        submitting={submitting}
        progress={t.addingOwner}
        failure={flow.error && flow.error.code !== 'already_exists' ? ownerFailureText(flow.error) : null}
        label={t.addFranchiseOwner}
        busyLabel={t.adding}
      />
      <LeaveGuard unsaved={OWNER_FIELDS.some((field) => values[field].trim() !== '')} saving={submitting} />
    </form>
  );
}

/** The line under the title says what the page offers: the external panel's button, the form, both or neither. */
function howOwnersAreAdded(t: ReturnType<typeof signUpMessages.get>, hasCms: boolean, hasForm: boolean | null): string {
  if (hasForm === null) return t.checkingSite;
  if (hasCms && hasForm) return t.addedHereOrCms;
  if (hasCms) return t.addedInCms;
  if (hasForm) return t.addedHere;
  return t.cannotAdd;
}

export default function SignUpFranchisePage() {
  const dispatch = useAppDispatch();
  const cmsAdminUrl = useAppSelector(selectCmsAdminUrl);
  const { createFranchiseOwner } = useAppSelector(selectCapabilities);
  // Until the site's REST index has answered, the page neither offers the form nor says it cannot.
  const known = useAppSelector(selectCapabilitiesKnown);
  const t = useMessages(signUpMessages);

  const open = useCallback(() => dispatch(rosterActions.signUpFranchiseOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);

  return (
    <Page>
      <Title>{t.selectProgram}</Title>
      <Subtitle>{howOwnersAreAdded(t, Boolean(cmsAdminUrl), known ? createFranchiseOwner : null)}</Subtitle>
      {cmsAdminUrl && (
        <Card>
          <ExternalButtonLink href={cmsAdminUrl} target="_blank" rel="noopener noreferrer">
            {t.openAdminPanel}
            <VisuallyHidden>{t.opensInNewTab}</VisuallyHidden>
            {' '}
            <OutArrow aria-hidden="true">↗</OutArrow>
          </ExternalButtonLink>
        </Card>
      )}
      {known && createFranchiseOwner && (
        <Card style={cmsAdminUrl ? { marginTop: 24 } : undefined}>
          <AddFranchiseOwnerForm />
        </Card>
      )}
    </Page>
  );
}
