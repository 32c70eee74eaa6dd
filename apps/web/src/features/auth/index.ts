export { sessionResumed, signedIn, signedOut, tokenRenewed, userUpdated } from './sessionSlice';
export { signedInNow, useSession } from './useSession';
export { startSession, useStartPhoneSignInMutation } from './api/authApi';
