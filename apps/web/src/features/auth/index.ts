export { sessionResumed, signedIn, signedOut, tokenRenewed, userUpdated } from './sessionSlice';
export { signedInNow, useSession } from './useSession';
export { useStartPhoneSignInMutation } from './api/authApi';
