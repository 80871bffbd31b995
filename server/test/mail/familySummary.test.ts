/**
 * The families' summary mail, read as a mail app reads it: composed by the outbox folder's mailer and
 * parsed with a mail parser. In the family's language (Hebrew right to left), plain text and HTML,
 * every value escaped, no child named in the subject, and the one-click unsubscribe headers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import type { MailLanguage } from '../../mail/catalogue';
import { familySummaryMail, type FamilySummary } from '../../mail/familySummary';
import { createOutboxMailer, type MailMessage } from '../../mail/mailer';
import { tempDirEachTest } from '../tempDir';

const SITE = 'https://portal.example.test';
const SECRET = 'Zr4_kPq-9wXy2AbCdEf';

const family = (over: Partial<FamilySummary> = {}): FamilySummary => ({
  to: 'ruth.levi@parents.test',
  parentName: 'Ruth Levi',
  teacherName: 'Dana Cohen',
  period: { kind: 'month', start: '2026-11-01', end: '2026-11-30' },
  children: [
    {
      firstName: 'Mia',
      built: ['Robot Arm', 'Crane'],
      inProgress: [{ title: 'Drawbridge', tab: 2, tabs: 3, step: 4, steps: 10 }],
      lessonsLeft: 1,
      nextMeeting: { startsAt: '2026-12-02T16:30', className: 'Robotics A', place: 'Herzliya' },
    },
    { firstName: 'Noa', built: [], inProgress: [], lessonsLeft: 5, nextMeeting: null },
  ],
  siteUrl: SITE,
  unsubscribeSecret: SECRET,
  ...over,
});

describe('the summary mail, as a mail app reads it', () => {
  const dir = tempDirEachTest('portal-summary-');

  let sent = 0;
  /** The mail as the outbox folder keeps it (a folder of its own), parsed. */
  async function delivered(message: MailMessage): Promise<Email> {
    sent += 1;
    const outbox = path.join(dir(), `outbox-${sent}`);
    await createOutboxMailer(outbox, 'portal@demo.test', { info: () => undefined, warn: () => undefined }).send(message);
    const [file] = readdirSync(outbox);
    return PostalMime.parse(readFileSync(path.join(outbox, file!)));
  }

  const header = (mail: Email, name: string) => mail.headers.find((h) => h.key === name)?.value;

  test('Hebrew: subject and body in Hebrew, the HTML right to left, both unsubscribe headers', async () => {
    const mail = await delivered(familySummaryMail('he', family()));
    expect(mail.to?.[0]?.address).toBe('ruth.levi@parents.test');
    expect(mail.subject).toBe('החודש של המשפחה שלך ב-Youngengineer Online');
    const text = mail.text ?? '';
    expect(text).toContain('שלום Ruth Levi,');
    expect(text).toContain('הנה מה שהמשפחה שלך עשתה עם Dana Cohen בנובמבר 2026.');
    expect(text).toContain('נבנו החודש: Robot Arm, Crane');
    expect(text).toContain('בבנייה: Drawbridge, חלק 2 מתוך 3, שלב 4 מתוך 10');
    expect(text).toContain('נותר שיעור אחד');
    expect(text).toContain('נותרו 5 שיעורים');
    // The place's wall clock, in Hebrew, whatever this machine's zone.
    expect(text).toMatch(/המפגש הבא: יום רביעי, 2 בדצמבר.*16:30, Robotics A, Herzliya/);
    expect(text).toContain('עדיין לא נקבע מפגש.');
    expect(text).toContain(`${SITE}/family\n`);
    expect(text).toContain(`${SITE}/family/unsubscribe#${SECRET}`);
    expect(mail.html).toMatch(/<html lang="he" dir="rtl">/);
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain(`<a href="${SITE}/family/unsubscribe#${SECRET}"`);
    expect(header(mail, 'list-unsubscribe')).toBe(`<${SITE}/wp-json/yo/v1/family/unsubscribe/${SECRET}>`);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  test('English and Spanish: their own texts and dates, left to right, the same headers', async () => {
    const english = await delivered(familySummaryMail('en', family()));
    expect(english.subject).toBe("Your family's month on Youngengineer Online");
    expect(english.text).toContain('Here is what your family did with Dana Cohen in November 2026.');
    expect(english.text).toContain('In progress: Drawbridge, part 2 of 3, step 4 of 10');
    expect(english.text).toMatch(/Next meeting: Wednesday, December 2.*4:30\sPM, Robotics A, Herzliya/);
    expect(english.text).toContain('1 lesson left');
    expect(english.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(header(english, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const spanish = await delivered(familySummaryMail('es', family({ period: { kind: 'week', start: '2026-11-23', end: '2026-11-29' } })));
    expect(spanish.subject).toBe('La semana de tu familia en Youngengineer Online');
    expect(spanish.text).toMatch(/Esto es lo que tu familia hizo con Dana Cohen en la semana del 23.+29 de noviembre de 2026\./);
    expect(spanish.text).toContain('Construido esta semana: Robot Arm, Crane');
    expect(spanish.text).toMatch(/Próxima clase: miércoles, 2 de diciembre.*16:30, Robotics A, Herzliya/);
    expect(spanish.text).toContain('Quedan 5 clases');
    expect(spanish.html).toMatch(/<html lang="es" dir="ltr">/);
    expect(header(spanish, 'list-unsubscribe')).toBe(`<${SITE}/wp-json/yo/v1/family/unsubscribe/${SECRET}>`);
  });

  test('no subject in any language or period names a child', () => {
    for (const language of ['en', 'he', 'es'] as MailLanguage[]) {
      for (const kind of ['month', 'week'] as const) {
        const { subject } = familySummaryMail(language, family({ period: { kind, start: '2026-11-23', end: '2026-11-29' } }));
        for (const name of ['Mia', 'Noa', 'Ruth', 'Dana']) expect(subject).not.toContain(name);
      }
    }
  });

  test('every value is escaped in the HTML and kept as typed in the text', async () => {
    const hostile = family({
      parentName: '<img src=x onerror=alert(1)>',
      teacherName: 'O\'Brien & "Co"',
      children: [
        {
          firstName: '<script>alert(1)</script>',
          built: ['<b>Crane</b>'],
          inProgress: [{ title: 'Arm"><a href="https://evil.test">', tab: 1, tabs: 1, step: 2, steps: 9 }],
          lessonsLeft: 0,
          nextMeeting: { startsAt: '2026-12-02T16:30', className: '<i>A</i>', place: '</p><p>' },
        },
      ],
    });
    const mail = await delivered(familySummaryMail('en', hostile));
    const html = mail.html ?? '';
    for (const raw of ['<script', '<img', '<b>', '<i>', 'href="https://evil.test"', '</p><p>']) expect(html).not.toContain(raw);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('O&#39;Brien &#38; &#34;Co&#34;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('In progress: Arm"><a href="https://evil.test">, step 2 of 9');
    expect(mail.text).toContain('0 lessons left');
  });

  test('no parent name on the records: "Dear parent"; an odd secret stays one path segment', () => {
    const mail = familySummaryMail('en', family({ parentName: ' ', unsubscribeSecret: 'a/b?c#d' }));
    expect(mail.text.startsWith('Dear parent,')).toBe(true);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${SITE}/wp-json/yo/v1/family/unsubscribe/a%2Fb%3Fc%23d>`);
  });
});
