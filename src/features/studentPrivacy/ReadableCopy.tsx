/**
 * A child's data in plain words: the same facts as the JSON download, to read on screen or print
 * for a parent (printing shows this copy alone).
 */
import styled, { createGlobalStyle } from 'styled-components';
import type { StudentDataExport } from '../../../contract/privacy';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { useFormatters } from '../../shared/i18n/formatting';
import { PSEUDO_LANGUAGE } from '../../shared/i18n/i18n';
import { useMessages } from '../../shared/i18n/messages';
import { fromIsoDate } from '../../shared/i18n/calendarDates';
import { rosterPrivacyMessages } from './privacy.messages';

const PRINT_ID = 'child-data-readable-copy';

const PrintOnlyThis = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #${PRINT_ID}, #${PRINT_ID} * { visibility: visible; }
    #${PRINT_ID} { position: absolute; inset-block-start: 0; inset-inline-start: 0; width: 100%; }
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
    padding-inline-start: ${space(5)};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  justify-content: space-between;
  align-items: center;
`;

type Texts = ReturnType<typeof rosterPrivacyMessages.get>;
type TextKey = { [K in keyof Texts]: Texts[K] extends string ? K : never }[keyof Texts];

const ACTIONS: Record<string, TextKey> = {
  'student.create': 'actionStudentCreate',
  'student.edit': 'actionStudentEdit',
  'student.end': 'actionStudentEnd',
  'student.reactivate': 'actionStudentReactivate',
  'student.move': 'actionStudentMove',
  'student.password_reset': 'actionStudentPasswordReset',
  'student.sign_in_mail': 'actionStudentSignInMail',
  'student.import_mail': 'actionStudentImportMail',
  'student.import': 'actionStudentImport',
  'student.erase': 'actionStudentErase',
  'student.anonymise': 'actionStudentAnonymise',
  'student.erasure_requested': 'actionStudentErasureRequested',
  'user.password_change': 'actionUserPasswordChange',
  'user.terms_accept': 'actionUserTermsAccept',
};

const ROLES: Record<string, TextKey> = { administrator: 'roleAdministrator', franchise_owner: 'roleFranchiseOwner', student: 'roleStudent', parent: 'roleParent', system: 'roleSystem' };

/** A fact's value: `data` for people's data, shown as stored (never translated). */
type Fact = [term: string, value: string, data?: boolean];

function Facts({ rows }: { rows: Fact[] }) {
  return (
    <dl>
      {rows.map(([term, value, data]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd translate={data ? 'no' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function List({ items, empty, data }: { items: string[]; empty: string; data?: boolean }) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul translate={data ? 'no' : undefined}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

type ProgressRecord = StudentDataExport['progress'][number];

/** A moment in the reader's own time zone, as the language writes it ('November 2, 2024 at 5:30 PM'). */
function momentsIn(language: string) {
  const moments = new Intl.DateTimeFormat(language === PSEUDO_LANGUAGE ? 'en' : language, { dateStyle: 'long', timeStyle: 'short' });
  return (iso: string | null) => (iso ? moments.format(new Date(iso)) : '');
}

export function ReadableCopy({ data, onClose }: { data: StudentDataExport; onClose: () => void }) {
  const t = useMessages(rosterPrivacyMessages);
  const format = useFormatters();
  const when = momentsIn(format.language);
  const day = (isoDay: string) => {
    const date = fromIsoDate(isoDay);
    return date ? format.date(date) : isoDay || t.notSet;
  };
  const orNone = (text: string): [string, boolean] => (text ? [text, true] : [t.none, false]);
  const lessonTitle = (id: number, title?: string) => title || t.lessonTitle({ id: String(id) });
  /** 'Catapult: part 2 of 3, step 4 of 12, last moved on …' (finished models say so). */
  const progressLine = (p: ProgressRecord) => {
    const values = {
      title: lessonTitle(p.lessonId, data.unlocks.find((u) => u.pageId === p.lessonId)?.title),
      part: format.number(p.tab),
      parts: format.number(p.tabs),
      step: format.number(p.step),
      steps: format.number(p.steps),
      time: when(p.updatedAt),
      finished: when(p.finishedAt),
    };
    if (p.finishedAt) return p.tabs > 1 ? t.progressLineFinishedParts(values) : t.progressLineFinished(values);
    return p.tabs > 1 ? t.progressLineParts(values) : t.progressLine(values);
  };
  const markWord = (mark: string): string => (mark === 'present' ? t.markPresent : mark === 'late' ? t.markLate : mark === 'absent' ? t.markAbsent : mark);
  const { student, account } = data;
  const name = `${student.firstName} ${student.lastName}`.trim();
  return (
    <Copy id={PRINT_ID} aria-labelledby={`${PRINT_ID}-title`}>
      <PrintOnlyThis />
      <Bar>
        <h2 id={`${PRINT_ID}-title`} style={{ margin: 0 }}>
          {t.copyTitle({ name })}
        </h2>
        <div style={{ display: 'flex', gap: space(2) }}>
          <Button type="button" onClick={() => window.print()}>
            {t.print}
          </Button>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {t.closeCopy}
          </Button>
        </div>
      </Bar>
      <p>{t.asOf({ time: when(data.exportedAt) })}</p>
      {student.erasedAt && <p>{t.erasedOn({ time: when(student.erasedAt) })}</p>}
      <h3>{t.theStudent}</h3>
      <Facts
        rows={[
          [t.name, name, true],
          [t.program, student.program, true],
          [t.lessons, t.lessonsValue({ count: format.number(student.numberOfLessons), start: day(student.lessonsStartDate), end: day(student.lessonsEndDate) })],
          [t.parent, ...orNone(student.parentName)],
          [t.parentEmail, ...orNone(student.parentEmail)],
          [t.parentPhone, ...orNone(student.phone)],
          // Moments are written by the language's own date format already: no translator rewrites them.
          [t.added, when(student.createdAt), true],
        ]}
      />
      <h3>{t.account}</h3>
      <Facts
        rows={[
          [t.loginName, account.username, true],
          [t.email, account.email, true],
          [t.shownAs, account.displayName, true],
          [t.created, when(account.createdAt), true],
          account.passwordChangedAt ? [t.passwordChanged, when(account.passwordChangedAt), true] : [t.passwordChanged, t.never],
        ]}
      />
      <p>{t.passwordNeverStored}</p>
      <h3>{t.unlocked}</h3>
      <List items={data.unlocks.map((u) => t.unlockedOn({ title: lessonTitle(u.pageId, u.title), time: when(u.unlockedAt) }))} empty={t.noneList} />
      <p>{t.wrongCodes({ count: format.number(data.failedUnlockAttempts) })}</p>
      <h3>{t.whereInModels}</h3>
      <List items={data.progress.map(progressLine)} empty={t.noModel} />
      {data.steps.length > 0 && (
        <p>{t.stepsKept({ steps: format.number(data.steps.length), presses: format.number(data.steps.reduce((sum, v) => sum + v.stuckPresses, 0)) })}</p>
      )}
      <h3>{t.settings}</h3>
      <List items={Object.entries(data.userMeta).map(([key, value]) => `${key}: ${value}`)} empty={t.noneList} data />
      <h3>{t.changes}</h3>
      <List
        items={data.auditEntries.map((e) => {
          const action = ACTIONS[e.action];
          const actor = ROLES[e.actorRole];
          return t.changeLine({ time: when(e.at), action: action ? t[action] : e.action, actor: actor ? t[actor] : e.actorRole });
        })}
        empty={t.noneList}
      />
      <h3>{t.mails}</h3>
      <List items={data.mails.map((m) => t.mailLine({ time: when(m.createdAt), subject: m.subject, status: m.status === 'sent' ? t.mailSent : t.mailWaiting }))} empty={t.noneList} />
      <h3>{t.terms}</h3>
      <List items={data.termsAcceptances.map((a) => t.termsLine({ time: when(a.acceptedAt), version: a.version }))} empty={t.noneOnRecord} />
      <h3>{t.classes}</h3>
      <List
        items={data.classes.map((c) => (c.leftAt ? t.classLineLeft({ name: c.name, joined: when(c.joinedAt), left: when(c.leftAt) }) : t.classLine({ name: c.name, joined: when(c.joinedAt) })))}
        empty={t.noneList}
      />
      <h3>{t.attendance}</h3>
      <List items={data.attendance.map((a) => t.attendanceLine({ date: day(a.meetingDate), name: a.className, mark: markWord(a.mark) }))} empty={t.noneList} />
    </Copy>
  );
}
