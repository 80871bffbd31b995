/** The texts of the mails the portal sends. */
import type { MailMessage } from './mailer';

const SIGN_OFF = '\nThe Youngengineer Online team\n';

export function studentWelcomeMail(p: {
  to: string;
  parentName: string;
  studentName: string;
  username: string;
  password: string;
  siteUrl: string;
}): MailMessage {
  return {
    to: p.to,
    subject: `Sign-in details for ${p.studentName}`,
    text: [
      `Dear ${p.parentName},`,
      '',
      `${p.studentName} now has an account on Youngengineer Online.`,
      '',
      `Sign in at: ${p.siteUrl}/`,
      `Username: ${p.username}`,
      `Password: ${p.password}`,
      SIGN_OFF,
    ].join('\n'),
  };
}

export function passwordResetMail(p: { to: string; name: string; username: string; password: string; siteUrl: string }): MailMessage {
  return {
    to: p.to,
    subject: 'Your new Youngengineer Online password',
    text: [
      `Hello ${p.name},`,
      '',
      'A new password was requested for your account.',
      '',
      `Sign in at: ${p.siteUrl}/`,
      `Username: ${p.username}`,
      `Password: ${p.password}`,
      '',
      'If you did not ask for this, please contact us.',
      SIGN_OFF,
    ].join('\n'),
  };
}

export function ownerWelcomeMail(p: { to: string; name: string; username: string; password: string; siteUrl: string }): MailMessage {
  return {
    to: p.to,
    subject: 'Your Youngengineer Online franchise account',
    text: [
      `Hello ${p.name},`,
      '',
      'A franchise owner account was created for you on Youngengineer Online.',
      '',
      `Sign in at: ${p.siteUrl}/`,
      `Username: ${p.username}`,
      `Password: ${p.password}`,
      SIGN_OFF,
    ].join('\n'),
  };
}
