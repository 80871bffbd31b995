/** The sign-in refusal of an ended student's account (issue 16): the token route's code and message, as the login page reads them. */
export const ACCOUNT_ENDED_CODE = '[jwt_auth] account_ended';
export const ACCOUNT_ENDED_MESSAGE = "This student's lessons have ended. Ask your teacher to re-activate the account.";
