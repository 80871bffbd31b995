/**
 * A child's data in plain words: the same facts as the JSON download, to read on screen or print
 * for a parent (printing shows this copy alone).
 */
import styled, { createGlobalStyle } from 'styled-components';
import type { StudentDataExport } from '../../../../contract/privacy';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { formatCalendarDate } from '../formatting';

const PRINT_ID = 'child-data-readable-copy';

const PrintOnlyThis = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #${PRINT_ID}, #${PRINT_ID} * { visibility: visible; }
    #${PRINT_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; }
    #${PRINT_ID} button { display: none; }
  }
`;

const Copy = styled.article`
  margin-top: ${space(4)};
  padding: ${space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: ${space(4)} 0 ${space(2)};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  dl {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) 1fr;
    gap: ${space(1)} ${space(3)};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    dl {
      grid-template-columns: 1fr;
    }
    dd {
      margin-bottom: ${space(2)};
    }
  }
  ul {
    margin: 0;
    padding-left: ${space(5)};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  justify-content: space-between;
  align-items: center;
`;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '');
const day = (isoDay: string) => (isoDay ? formatCalendarDate(isoDay) : 'not set');
const orNone = (text: string) => text || 'none';

const ACTIONS: Record<string, string> = {
  'student.edit': 'details changed',
  'student.end': 'lessons ended',
  'student.reactivate': 'lessons started again',
  'student.move': 'moved to another franchise owner',
  'student.password_reset': 'password reset',
  'student.sign_in_mail': 'sign-in mail sent again',
  'student.import': 'added by an import',
  'student.erase': 'data erased',
  'student.anonymise': 'data erased after the keeping period',
  'user.password_change': 'password changed',
  'user.terms_accept': 'terms of use accepted',
};

const ROLES: Record<string, string> = { administrator: 'the office', franchise_owner: 'the franchise owner', student: 'the student', system: 'the portal' };

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function List({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

type ProgressRecord = StudentDataExport['progress'][number];

const titleOf = (data: StudentDataExport, lessonId: number) => data.unlocks.find((u) => u.pageId === lessonId)?.title || `Lesson ${lessonId}`;

/** 'Catapult: part 2 of 3, step 4 of 12, last moved on …' (finished models say so). */
function progressLine(p: ProgressRecord, title: string): string {
  const part = p.tabs > 1 ? `part ${p.tab} of ${p.tabs}, ` : '';
  const finished = p.finishedAt ? `finished on ${when(p.finishedAt)}; ` : '';
  return `${title}: ${finished}${part}step ${p.step} of ${p.steps}, last moved on ${when(p.updatedAt)}`;
}

export function ReadableCopy({ data, onClose }: { data: StudentDataExport; onClose: () => void }) {
  const { student, account } = data;
  const name = `${student.firstName} ${student.lastName}`.trim();
  return (
    <Copy id={PRINT_ID} aria-labelledby={`${PRINT_ID}-title`}>
      <PrintOnlyThis />
      <Bar>
        <h2 id={`${PRINT_ID}-title`} style={{ margin: 0 }}>
          What the portal stores about {name}
        </h2>
        <div style={{ display: 'flex', gap: space(2) }}>
          <Button type="button" onClick={() => window.print()}>
            Print
          </Button>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Close the copy
          </Button>
        </div>
      </Bar>
      <p>As of {when(data.exportedAt)}.</p>
      {student.erasedAt && <p>This child&apos;s data was erased on {when(student.erasedAt)}.</p>}
      <h3>The student</h3>
      <Facts
        rows={[
          ['Name', name],
          ['Program', student.program],
          ['Lessons', `${student.numberOfLessons}, from ${day(student.lessonsStartDate)} to ${day(student.lessonsEndDate)}`],
          ['Parent', orNone(student.parentName)],
          ["Parent's e-mail", orNone(student.parentEmail)],
          ["Parent's phone", orNone(student.phone)],
          ['Added', when(student.createdAt)],
        ]}
      />
      <h3>The sign-in account</h3>
      <Facts
        rows={[
          ['Login name', account.username],
          ['E-mail', account.email],
          ['Shown as', account.displayName],
          ['Created', when(account.createdAt)],
          ['Password last changed', account.passwordChangedAt ? when(account.passwordChangedAt) : 'never'],
        ]}
      />
      <p>The password itself is never stored, only a scrambled form of it that cannot be read back.</p>
      <h3>Lessons unlocked</h3>
      <List items={data.unlocks.map((u) => `${u.title || `Lesson ${u.pageId}`}, on ${when(u.unlockedAt)}`)} empty="None." />
      <p>Wrong unlock codes on record: {data.failedUnlockAttempts}.</p>
      <h3>Where the child is in each model</h3>
      <List items={data.progress.map((p) => progressLine(p, titleOf(data, p.lessonId)))} empty="No model opened yet." />
      <h3>Settings saved for the account</h3>
      <List items={Object.entries(data.userMeta).map(([key, value]) => `${key}: ${value}`)} empty="None." />
      <h3>Changes recorded</h3>
      <List items={data.auditEntries.map((e) => `${when(e.at)}: ${ACTIONS[e.action] ?? e.action}, by ${ROLES[e.actorRole] ?? e.actorRole}`)} empty="None." />
      <h3>Mails to the parent about the child</h3>
      <List items={data.mails.map((m) => `${when(m.createdAt)}: “${m.subject}” (${m.status === 'sent' ? 'sent' : 'waiting to be sent'})`)} empty="None." />
      <h3>Terms of use accepted</h3>
      <List items={data.termsAcceptances.map((t) => `${when(t.acceptedAt)} (version ${t.version})`)} empty="None on record." />
    </Copy>
  );
}
