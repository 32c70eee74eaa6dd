export { sessionResumed, signedIn, signedOut, tokenRenewed, userUpdated } from './sessionSlice';
export { signedInNow, useSession } from './useSession';
export { comingBackTo } from './returnPath';
export { startSession, useStartPhoneSignInMutation } from './api/authApi';
export { PhoneAndChannel, SentCode, useCodeStepFocus } from './components/PhoneCodeFields';
export { keepIntent, takeIntent, type SignInIntent } from './signInIntent';
