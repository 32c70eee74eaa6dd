import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, User } from '@shop/contracts';
import { sessionRejected } from '../../api/apiSlice';

export interface SessionState {
  user: User | null;
  token: string | null;
  expiration: string | null;
}

const signedOutState: SessionState = { user: null, token: null, expiration: null };

const sessionSlice = createSlice({
  name: 'session',
  initialState: signedOutState,
  reducers: {
    /** Login or registration succeeded. */
    signedIn: (_state, action: PayloadAction<Session>) => ({ ...action.payload }),
    /** A stored session was restored at start; kept apart from signedIn so listeners can tell them apart. */
    sessionResumed: (_state, action: PayloadAction<Session>) => ({ ...action.payload }),
    /** A password change issues a new token; the user stays the same. */
    tokenRenewed: (state, action: PayloadAction<Pick<Session, 'token' | 'expiration'>>) => {
      state.token = action.payload.token;
      state.expiration = action.payload.expiration;
    },
    userUpdated: (state, action: PayloadAction<User>) => {
      state.user = action.payload;
    },
    /**
     * Log out; `endedOnServer` when the server ended the session itself (the account deleted, or signed out on every
     * device).
     */
    signedOut: (_state, _action: PayloadAction<{ endedOnServer: boolean } | undefined>) => signedOutState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionRejected, () => signedOutState);
  },
});

export const { signedIn, sessionResumed, tokenRenewed, userUpdated, signedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
