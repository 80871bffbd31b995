/** The mails the portal sends, each in its recipient's language (texts: catalogue.ts). */
import { mailTexts, type MailLanguage } from './catalogue';
import type { MailMessage } from './mailer';

type Texts = ReturnType<typeof mailTexts>;

const RIGHT_TO_LEFT: ReadonlySet<MailLanguage> = new Set(['he']);

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A right-to-left mail also has an HTML part that says so (dir="rtl"): mail apps show plain text
 * from the left. The part is the text line by line, every value escaped (names come from users).
 */
function inDirectionOf(language: MailLanguage, mail: MailMessage): MailMessage {
  if (!RIGHT_TO_LEFT.has(language)) return mail;
  const lines = mail.text.split('\n').map(escapeHtml).join('<br>\n');
  const html = `<!DOCTYPE html>\n<html lang="${language}" dir="rtl">\n<head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>\n<body dir="rtl" style="text-align: right">\n${lines}\n</body>\n</html>\n`;
  return { ...mail, html };
}

/** Every mail the portal sends: a greeting, the news, the sign-in details, perhaps a last word. */
function signInMail(
  t: Texts,
  p: { to: string; username: string; password: string; siteUrl: string },
  subject: string,
  greeting: string,
  news: string,
  lastWord: string[] = [],
): MailMessage {
  return {
    to: p.to,
    subject,
    text: [
      greeting,
      '',
      news,
      '',
      t('signInAt', { url: `${p.siteUrl}/` }),
      t('username', { username: p.username }),
      t('password', { password: p.password }),
      ...lastWord,
      '',
      t('signOff'),
      '',
    ].join('\n'),
  };
}

export function studentWelcomeMail(
  language: MailLanguage,
  p: { to: string; parentName: string; studentName: string; username: string; password: string; siteUrl: string },
): MailMessage {
  const t = mailTexts(language);
  const student = { student: p.studentName };
  return inDirectionOf(language, signInMail(t, p, t('studentWelcomeSubject', student), t('dear', { name: p.parentName }), t('studentWelcome', student)));
}

export function ownerWelcomeMail(language: MailLanguage, p: { to: string; name: string; username: string; password: string; siteUrl: string }): MailMessage {
  const t = mailTexts(language);
  return inDirectionOf(language, signInMail(t, p, t('ownerWelcomeSubject'), t('hello', { name: p.name }), t('ownerWelcome')));
}

/** wl/v1 reset_password: the new (pending) password of every account with the address, in one mail. */
export function passwordResetMailFor(
  language: MailLanguage,
  p: { to: string; accounts: { name: string; username: string; password: string }[]; siteUrl: string; pendingDays: number },
): MailMessage {
  const t = mailTexts(language);
  const days = { days: p.pendingDays };
  const [only] = p.accounts;
  if (p.accounts.length === 1 && only) {
    const single = signInMail(t, { ...only, to: p.to, siteUrl: p.siteUrl }, t('passwordResetSubject'), t('hello', { name: only.name }), t('passwordReset'), [
      '',
      t('pendingOne', days),
      t('notYou'),
    ]);
    return inDirectionOf(language, single);
  }
  const lines = p.accounts.flatMap((a) => ['', a.name, t('username', { username: a.username }), t('password', { password: a.password })]);
  return inDirectionOf(language, {
    to: p.to,
    subject: t('passwordResetsSubject'),
    text: [t('helloEveryone'), '', t('passwordResets'), '', t('signInAt', { url: `${p.siteUrl}/` }), ...lines, '', t('pendingEach', days), t('notYou'), '', t('signOff'), ''].join(
      '\n',
    ),
  });
}

/** A student's sign-in details sent again by the owner, with a new (pending) password; no parent name: "Dear parent". */
export function studentSignInMail(
  language: MailLanguage,
  p: { to: string; parentName: string | null; studentName: string; username: string; password: string; siteUrl: string; pendingDays: number },
): MailMessage {
  const t = mailTexts(language);
  const student = { student: p.studentName };
  const mail = signInMail(t, p, t('studentWelcomeSubject', student), t('dear', { name: p.parentName || t('parent') }), t('studentSignIn', student), [
    '',
    t('pendingOne', { days: p.pendingDays }),
  ]);
  return inDirectionOf(language, mail);
}

/** A parent's one-time sign-in link (the secret in the address's fragment). */
export function familySignInMail(language: MailLanguage, p: { to: string; link: string; minutes: number }): MailMessage {
  const t = mailTexts(language);
  const text = [t('helloEveryone'), '', t('familySignIn', { minutes: p.minutes }), p.link, '', t('familySignInNotYou'), '', t('signOff'), ''].join('\n');
  return inDirectionOf(language, { to: p.to, subject: t('familySignInSubject'), text });
}

/** A parent's message to the child's teacher: the subject names no child; the body says whom to answer. */
export function familyMessageMail(language: MailLanguage, p: { to: string; teacherName: string; studentName: string; parentEmail: string; message: string }): MailMessage {
  const t = mailTexts(language);
  const text = [t('hello', { name: p.teacherName }), '', t('familyMessage', { student: p.studentName }), '', p.message, '', t('familyMessageReply', { email: p.parentEmail }), ''].join('\n');
  return inDirectionOf(language, { to: p.to, subject: t('familyMessageSubject'), text });
}
