/** The sign-in cards' calls of the portal backend. */
import { SIGN_IN_CARD_PATHS, type SignInCardList, type SignInCardsIssueBody, type SignInCardsIssued, type SignInCardVoided } from '../../../contract/signInCards';
import { expectRecord, portalCall } from '../../api/portalCall';

export const getCards = portalCall(() => ({ method: 'GET', path: SIGN_IN_CARD_PATHS.cards }), expectRecord<SignInCardList>);
export const issueCards = portalCall((body: SignInCardsIssueBody) => ({ method: 'POST', path: SIGN_IN_CARD_PATHS.cards, body }), expectRecord<SignInCardsIssued>);
export const voidCard = portalCall((cardId: number) => ({ method: 'DELETE', path: SIGN_IN_CARD_PATHS.card(cardId) }), expectRecord<SignInCardVoided>);
