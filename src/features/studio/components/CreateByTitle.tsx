/** A create form: a title, then the new page's editor (a program on the programs list, a model on its program). */
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
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

export function CreateByTitle({ id, label, busy, onCreate }: { id: string; label: string; busy: boolean; onCreate: (title: string) => void }) {
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState(false);
  const t = useMessages(studioMessages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setMissing(true);
    setMissing(false);
    onCreate(title.trim());
  };
  return (
    <CreateForm onSubmit={submit} noValidate>
      <TextField id={id} label={label} error={missing ? t.titleRequired : null} value={title} onValueChange={setTitle} />
      <Button type="submit" disabled={busy}>
        {busy ? t.creating : t.create}
      </Button>
    </CreateForm>
  );
}
