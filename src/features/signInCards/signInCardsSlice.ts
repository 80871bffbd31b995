/**
 * Sign-in cards, the owner's side: each student's card status, printing new cards and
 * voiding one. Plain JSON only. A printed card's link carries its token: it is kept under
 * `signInLink`, which the DevTools and QA-log sanitisers redact.
 */
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SignInCardSummary } from '../../../contract/signInCards';
import type { ApiError } from '../../api/types';

export interface PrintableCard {
  id: number;
  studentId: number;
  firstName: string;
  signInLink: string;
}

type Load = 'idle' | 'loading' | 'ready' | 'failed';

export interface SignInCardsState {
  /** The owner's students (the students entity) and their cards. */
  list: { status: Load; error: ApiError | null; cards: SignInCardSummary[] };
  print: { status: 'idle' | 'working' | 'ready' | 'failed'; error: ApiError | null; cards: PrintableCard[] };
  void: { cardId: number | null; status: 'idle' | 'working' | 'failed'; error: ApiError | null };
}

export const initialSignInCardsState: SignInCardsState = {
  list: { status: 'idle', error: null, cards: [] },
  print: { status: 'idle', error: null, cards: [] },
  void: { cardId: null, status: 'idle', error: null },
};

export const signInCardsSlice = createSlice({
  name: 'signInCards',
  initialState: initialSignInCardsState,
  reducers: {
    opened: (state) => {
      state.list.status = 'loading';
      state.list.error = null;
    },
    listLoaded: (state, action: PayloadAction<SignInCardSummary[]>) => {
      state.list = { status: 'ready', error: null, cards: action.payload };
    },
    listFailed: (state, action: PayloadAction<ApiError>) => {
      state.list.status = 'failed';
      state.list.error = action.payload;
    },
    printRequested: (state, _action: PayloadAction<{ students: 'all' | number[] }>) => {
      state.print = { status: 'working', error: null, cards: [] };
    },
    printReady: (state, action: PayloadAction<PrintableCard[]>) => {
      state.print = { status: 'ready', error: null, cards: action.payload };
    },
    printFailed: (state, action: PayloadAction<ApiError>) => {
      state.print = { status: 'failed', error: action.payload, cards: [] };
    },
    /** Back from the print view: the links (and their tokens) are forgotten. */
    printClosed: (state) => {
      state.print = initialSignInCardsState.print;
    },
    voidAsked: (state, action: PayloadAction<{ cardId: number }>) => {
      state.void = { cardId: action.payload.cardId, status: 'idle', error: null };
    },
    voidCancelled: (state) => {
      state.void = initialSignInCardsState.void;
    },
    voidConfirmed: (state) => {
      state.void.status = 'working';
      state.void.error = null;
    },
    voided: (state, action: PayloadAction<{ cardId: number; voidedAt: string }>) => {
      const card = state.list.cards.find((c) => c.id === action.payload.cardId);
      if (card) card.voidedAt = action.payload.voidedAt;
      state.void = initialSignInCardsState.void;
    },
    voidFailed: (state, action: PayloadAction<ApiError>) => {
      state.void.status = 'failed';
      state.void.error = action.payload;
    },
  },
});

export const signInCardsActions = signInCardsSlice.actions;

type WithCards = StateWith<typeof signInCardsSlice>;
const part = selectSliceState(signInCardsSlice);
export const selectCardList = (state: WithCards) => part(state).list;
export const selectPrint = (state: WithCards) => part(state).print;
export const selectVoid = (state: WithCards) => part(state).void;
