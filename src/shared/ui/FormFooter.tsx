import type { ReactNode } from 'react';
import { Button } from './Button';
import { Message } from './Message';
import { Toolbar } from './Layout';

/** The end of a form that creates or changes a record (a sign-up, a student's details): a progress note while it is sent, a failure in words, and the submit button. */
export function FormFooter({
  submitting,
  progress,
  failure,
  label,
  busyLabel,
  children = null,
}: {
  submitting: boolean;
  progress: string;
  failure: string | null;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div aria-live="polite">{submitting && <Message $tone="info">{progress}</Message>}</div>
      {failure && (
        <Message $tone="error" role="alert">
          <p>{failure}</p>
        </Message>
      )}
      <Toolbar>
        <Button type="submit" aria-disabled={submitting || undefined}>
          {submitting ? busyLabel : label}
        </Button>
        {children}
      </Toolbar>
    </>
  );
}
