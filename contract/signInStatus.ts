/** The sign-in refusal of an ended student's account: the token route's code and message, as the login page reads them. */
export const ACCOUNT_ENDED_CODE = '[jwt_auth] account_ended';
export const ACCOUNT_ENDED_MESSAGE = "This student's lessons have ended. Ask your teacher to re-activate the account.";

/** The sign-in refusal of an e-mail several children's accounts share (families): the child's username is needed. */
export const SEVERAL_ACCOUNTS_CODE = '[jwt_auth] several_accounts';
export const SEVERAL_ACCOUNTS_MESSAGE = "Several children's accounts use this email address. Sign in with the child's username instead: you will find it in the sign-in email.";

/** The sign-in refusal of a franchise owner the office deactivated. */
export const OWNER_DEACTIVATED_CODE = '[jwt_auth] account_deactivated';
export const OWNER_DEACTIVATED_MESSAGE = 'This account has been deactivated. Please contact the franchise office.';
