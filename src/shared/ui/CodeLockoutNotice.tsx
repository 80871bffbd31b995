/**
 * Children held back from a model's code by too many wrong codes: who, which model, until when,
 * and what the teacher can do now. One look and one text for the students list and Class now.
 */
import { useFormatters } from '../i18n/formatting';
import { useMessages } from '../i18n/messages';
import { codeLockoutMessages } from './codeLockouts.messages';
import { Message } from './Message';

export interface CodeLockoutLine {
  /** Unique among the lines (the student and the model). */
  key: string;
  /** The child's name as the page shows children. */
  name: string;
  model: string;
  /** ISO 8601 UTC: when the child may try the code again. */
  until: string;
}

export function CodeLockoutNotice({ lines, id, testId }: { lines: readonly CodeLockoutLine[]; id: string; testId: string }) {
  const t = useMessages(codeLockoutMessages);
  const formatters = useFormatters();
  if (lines.length === 0) return null;
  return (
    <Message $tone="error" role="status" aria-labelledby={`${id}-title`} data-testid={testId}>
      <strong id={`${id}-title`}>{t.title}</strong>
      <ul>
        {lines.map((line) => (
          <li key={line.key}>{t.line({ name: line.name, model: line.model, time: formatters.dateTime(new Date(line.until)) })}</li>
        ))}
      </ul>
      <p>{t.whatToDo}</p>
    </Message>
  );
}
