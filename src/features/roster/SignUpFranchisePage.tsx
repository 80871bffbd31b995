/**
 * /admin/sign_up_new_franchise/{userName}: titled Select Program, as the spec says, with the button
 * to the external content-management admin panel where one is configured (cmsAdminUrl; the portal's
 * own backend has none). Where the backend can add franchise owners itself
 * (capabilities.createFranchiseOwner), a form does it here too.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../../api/types';
import { selectCapabilities, selectCapabilitiesKnown, selectCmsAdminUrl } from '../../entities/config/configSlice';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectSignUpOwnerFlow } from './rosterSelectors';
import { FormFooter } from './FormFooter';
import { rosterActions } from './rosterSlice';
import { emptyOwnerForm, validateOwnerForm, type OwnerField, type OwnerFormValues } from './studentForm';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { controlProps, FormField } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { FormGrid, Page, Toolbar } from '../../shared/ui/Layout';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { ExternalButtonLink } from '../../shared/ui/ButtonLink';
import { useRosterFeature } from './rosterFeature';

const fieldId = (field: OwnerField) => `owner-${field}`;

export function ownerFailureText(error: ApiError): string {
  if (error.code === 'already_exists') return 'Email already exists. Please try another one.';
  if (error.kind === 'network') return 'The franchise owner was not added: the server could not be reached. Everything you typed is still here; check your connection and try again.';
  if (error.code === 'rest_invalid_param') return 'The franchise owner was not added: some details were not accepted. Check the fields (no < or > characters) and try again.';
  if (error.status === 403) return 'The franchise owner was not added: only administrators can add franchise owners.';
  return 'The franchise owner was not added because of a problem on the server. Please try again.';
}

const labels: Record<OwnerField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  country: 'Country',
  state: 'State',
  territory: 'Territory',
};

function AddFranchiseOwnerForm() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectSignUpOwnerFlow);
  const [values, setValues] = useState<OwnerFormValues>(emptyOwnerForm);
  const [error, setError] = useState<{ field: OwnerField; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const successRef = useRef<HTMLDivElement>(null);
  const submitting = flow.status === 'loading';

  useEffect(() => {
    if (error) document.getElementById(fieldId(error.field))?.focus();
  }, [error, attempt]);
  useEffect(() => {
    if (flow.status === 'succeeded') successRef.current?.focus();
    if (flow.error?.code === 'already_exists') document.getElementById(fieldId('email'))?.focus();
  }, [flow.status, flow.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateOwnerForm(values);
    setError(problem);
    setAttempt((n) => n + 1);
    if (problem) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as unknown as OwnerFormValues;
    dispatch(rosterActions.franchiseOwnerSubmitted(trimmed));
  };

  if (flow.status === 'succeeded' && flow.created) {
    return (
      <Message $tone="success" ref={successRef} tabIndex={-1} role="status">
        <p>
          Franchise owner {flow.created.name} was added. Their sign-in details (login name {flow.created.username}) were e-mailed to{' '}
          {flow.created.email}.
        </p>
        <Toolbar>
          <Link to={paths.franchiseOwnersList.href()}>Go to the Franchise Owners list</Link>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              setValues(emptyOwnerForm);
              setError(null);
              dispatch(rosterActions.franchiseOwnerReset());
            }}
          >
            Add another franchise owner
          </Button>
        </Toolbar>
      </Message>
    );
  }

  const messageFor = (field: OwnerField) =>
    error?.field === field ? error.message : field === 'email' && flow.error?.code === 'already_exists' ? ownerFailureText(flow.error) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-labelledby="add-owner-heading">
      <h2 id="add-owner-heading">Add a franchise owner</h2>
      <p>The new owner gets their sign-in details by e-mail.</p>
      <FormGrid>
        {(Object.keys(labels) as OwnerField[]).map((field) => (
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
        progress="Adding the franchise owner…"
        failure={flow.error && flow.error.code !== 'already_exists' ? ownerFailureText(flow.error) : null}
        label="Add Franchise Owner"
        busyLabel="Adding…"
      />
    </form>
  );
}

/** The line under the title says what the page offers: the external panel's button, the form, both or neither. */
function howOwnersAreAdded(hasCms: boolean, hasForm: boolean | null): string {
  if (hasForm === null) return 'Checking what this site offers…';
  if (hasCms && hasForm) return 'New franchise owners are added here, or in the content-management admin panel.';
  if (hasCms) return 'New franchise owners are added in the content-management admin panel.';
  if (hasForm) return 'New franchise owners are added here.';
  return 'New franchise owners cannot be added from this site: no content-management admin panel is configured for it.';
}

export default function SignUpFranchisePage() {
  useRosterFeature();
  const dispatch = useAppDispatch();
  const cmsAdminUrl = useAppSelector(selectCmsAdminUrl);
  const { createFranchiseOwner } = useAppSelector(selectCapabilities);
  // Until the site's REST index has answered, the page neither offers the form nor says it cannot.
  const known = useAppSelector(selectCapabilitiesKnown);

  const open = useCallback(() => dispatch(rosterActions.signUpFranchiseOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);

  return (
    <Page>
      <Title>Select Program</Title>
      <Subtitle>{howOwnersAreAdded(Boolean(cmsAdminUrl), known ? createFranchiseOwner : null)}</Subtitle>
      {cmsAdminUrl && (
        <Card>
          <ExternalButtonLink href={cmsAdminUrl} target="_blank" rel="noopener noreferrer">
            Open the content admin panel
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            <span aria-hidden="true"> ↗</span>
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
