/**
 * A parent types their e-mail and gets a one-time sign-in link. The answer never says whether the
 * address is a parent's; what was typed stays in the field after a failure, and a limit says when
 * to try again.
 */
import { useRef, useState, type FormEvent } from 'react';
import { isFamilyLanguage } from '../../../contract/family';
import type { ApiError } from '../../api/types';
import { locale } from '../../shared/i18n/i18n';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { FormStack, TextField, verbatimInput } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { familySignInTexts } from './family.messages';
import { familyActions, selectFamily } from './familySlice';

type Texts = ReturnType<typeof familySignInTexts.get>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function linkFailure(error: ApiError | null, t: Texts): string {
  if (error?.kind === 'network') return t.offline;
  if (error?.status === 429) return error.retryAfter ? t.tooMany({ minutes: String(Math.max(1, Math.ceil(error.retryAfter / 60))) }) : t.tooManySoon;
  return t.failed;
}

export function LinkForm() {
  const dispatch = useAppDispatch();
  const t = useMessages(familySignInTexts);
  const { link } = useAppSelector(selectFamily);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const sending = link.status === 'sending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const typed = email.trim();
    const found = typed === '' ? t.emailMissing : EMAIL.test(typed) ? null : t.emailInvalid;
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    const language = locale.get();
    dispatch(familyActions.linkRequested({ email: typed, language: isFamilyLanguage(language) ? language : 'en' }));
  };

  if (link.status === 'sent') {
    return (
      <>
        <Message $tone="success" role="status">
          <p>{t.sent}</p>
        </Message>
        <Button type="button" $variant="secondary" onClick={() => dispatch(familyActions.linkFormOpened())}>
          {t.sendAnother}
        </Button>
      </>
    );
  }
  return (
    <FormStack onSubmit={submit} noValidate aria-label={t.title}>
      <TextField id="family-email" label={t.emailLabel} error={problem} ref={input} name="email" type="email" autoComplete="email" inputMode="email" {...verbatimInput} value={email} onValueChange={setEmail} />
      {link.status === 'failed' && (
        <Message $tone="info" role="alert">
          <p>{linkFailure(link.error, t)}</p>
        </Message>
      )}
      <Button $variant="brand" type="submit" disabled={sending}>
        {sending ? t.sending : t.send}
      </Button>
    </FormStack>
  );
}
