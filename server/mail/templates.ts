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
