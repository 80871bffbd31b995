/** A create form: a title, then the new page's editor (a program on the programs list, a model on its program). */
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ApiError } from '../../../api/types';
import { useMessages } from '../../../shared/i18n/messages';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { studioMessages } from '../studio.messages';

const CreateForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[5]}px;
  > div {
    flex: 1 1 16rem;
  }
`;

export type CreateTitle = ReturnType<typeof useCreateTitle>;

/**
 * The title typed in a create form, and whether leaving the page would lose it: a title typed and
 * not made into a page yet is unsaved work; once the page is made the studio moves on to it.
 */
export function useCreateTitle(creating: { busy: boolean; error: ApiError | null }) {
  const [title, setTitle] = useState('');
  const [sent, setSent] = useState(false);
  const made = sent && !creating.busy && !creating.error;
  return { title, setTitle, markSent: () => setSent(true), unsaved: title.trim() !== '' && !made, saving: creating.busy };
}

export function CreateByTitle({ id, label, form, onCreate }: { id: string; label: string; form: CreateTitle; onCreate: (title: string) => void }) {
  const [missing, setMissing] = useState(false);
  const t = useMessages(studioMessages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim()) return setMissing(true);
    setMissing(false);
    form.markSent();
    onCreate(form.title.trim());
  };
  return (
    <CreateForm onSubmit={submit} noValidate>
      <TextField id={id} label={label} error={missing ? t.titleRequired : null} value={form.title} onValueChange={form.setTitle} />
      <Button type="submit" disabled={form.saving}>
        {form.saving ? t.creating : t.create}
      </Button>
    </CreateForm>
  );
}
