/**
 * Wire shapes of a student's sign-in details and of changing one's own password: the
 * portal backend's routes under /wp-json/yo/v1. A plain WordPress site has none of them.
 */

export const CREDENTIAL_PATHS = {
  /** GET (the student's owner or an administrator) → StudentCredentials. */
  studentCredentials: (id: number | string) => `/wp-json/yo/v1/students/${id}/credentials`,
  /**
   * POST (the student's owner or an administrator): a new generated password replaces the old one at
   * once (sessions signed in before end) → StudentPasswordReset, the only time the password is told.
   */
  studentPassword: (id: number | string) => `/wp-json/yo/v1/students/${id}/password`,
  /**
   * POST (the student's owner or an administrator): mails the sign-in details to the parent with a
   * new PENDING password: the old one keeps working until the new one is first used → SignInMailSent.
   */
  studentSignInMail: (id: number | string) => `/wp-json/yo/v1/students/${id}/sign-in-mail`,
  /** POST ChangeMyPasswordInput (anyone signed in) → ChangeMyPasswordResponse. */
  myPassword: '/wp-json/yo/v1/me/password',
} as const;

export interface StudentCredentials {
  loginName: string;
  /** ISO 8601 UTC of the student's last successful sign-in; null when never (or not since this was recorded). */
  lastSignInAt: string | null;
}

export interface StudentPasswordReset {
  loginName: string;
  /** Shown once: never stored in clear, never sent again. */
  password: string;
}

export interface SignInMailSent {
  sent: true;
}

export interface ChangeMyPasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Every other session of the user ends; `token` is a fresh one (as jwt-auth/v1/token's) for the
 * app to keep this session signed in.
 */
export interface ChangeMyPasswordResponse {
  token: string;
}

export const PASSWORD_RULES = {
  minLength: 8,
  maxLength: 200,
} as const;
