export { sessionResumed, signedIn, signedOut, tokenRenewed, userUpdated } from './sessionSlice';
export { useSession } from './useSession';
