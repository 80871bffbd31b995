/** The texts of the mails the portal sends. */
import type { MailMessage } from './mailer';

const SIGN_OFF = '\nThe Youngengineer Online team\n';

/** Every mail the portal sends: a greeting, the news, the sign-in details, perhaps a last word. */
function signInMail(
  p: { to: string; username: string; password: string; siteUrl: string },
  subject: string,
  greeting: string,
  news: string,
  lastWord: string[] = [],
): MailMessage {
  return {
    to: p.to,
    subject,
    text: [greeting, '', news, '', `Sign in at: ${p.siteUrl}/`, `Username: ${p.username}`, `Password: ${p.password}`, ...lastWord, SIGN_OFF].join('\n'),
  };
}

export function studentWelcomeMail(p: {
  to: string;
  parentName: string;
  studentName: string;
  username: string;
  password: string;
  siteUrl: string;
}): MailMessage {
  return signInMail(p, `Sign-in details for ${p.studentName}`, `Dear ${p.parentName},`, `${p.studentName} now has an account on Youngengineer Online.`);
}

export function passwordResetMail(p: { to: string; name: string; username: string; password: string; siteUrl: string }): MailMessage {
  return signInMail(p, 'Your new Youngengineer Online password', `Hello ${p.name},`, 'A new password was requested for your account.', [
    '',
    'If you did not ask for this, please contact us.',
  ]);
}

export function ownerWelcomeMail(p: { to: string; name: string; username: string; password: string; siteUrl: string }): MailMessage {
  return signInMail(p, 'Your Youngengineer Online franchise account', `Hello ${p.name},`, 'A franchise owner account was created for you on Youngengineer Online.');
}

/** What a new password that waits for its first use means for the reader. */
function pendingNote(days: number, several: boolean): string[] {
  const current = several ? 'Each current password' : 'The current password';
  return [`${current} keeps working until the new one is first used. A new password not used within ${days} days expires.`];
}

/** wl/v1 reset_password: the new (pending) password of every account with the address, in one mail. */
export function passwordResetMailFor(p: {
  to: string;
  accounts: { name: string; username: string; password: string }[];
  siteUrl: string;
  pendingDays: number;
}): MailMessage {
  const [only] = p.accounts;
  if (p.accounts.length === 1 && only) {
    const mail = passwordResetMail({ to: p.to, name: only.name, username: only.username, password: only.password, siteUrl: p.siteUrl });
    return { ...mail, text: mail.text.replace('\nIf you did not ask', `\n${pendingNote(p.pendingDays, false).join('\n')}\nIf you did not ask`) };
  }
  const lines = p.accounts.flatMap((a) => ['', a.name, `Username: ${a.username}`, `Password: ${a.password}`]);
  return {
    to: p.to,
    subject: 'Your new Youngengineer Online passwords',
    text: [
      'Hello,',
      '',
      'New passwords were requested for the accounts of this e-mail address.',
      '',
      `Sign in at: ${p.siteUrl}/`,
      ...lines,
      '',
      ...pendingNote(p.pendingDays, true),
      'If you did not ask for this, please contact us.',
      SIGN_OFF,
    ].join('\n'),
  };
}

/** A student's sign-in details sent again by the owner, with a new (pending) password. */
export function studentSignInMail(p: {
  to: string;
  parentName: string;
  studentName: string;
  username: string;
  password: string;
  siteUrl: string;
  pendingDays: number;
}): MailMessage {
  return signInMail(p, `Sign-in details for ${p.studentName}`, `Dear ${p.parentName},`, `Here are the sign-in details of ${p.studentName} on Youngengineer Online, with a new password.`, [
    '',
    ...pendingNote(p.pendingDays, false),
  ]);
}
