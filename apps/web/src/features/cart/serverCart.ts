import type { RootState } from '../../app/store';

/** Only a signed-in shopper has a server cart; visitors keep the local one and admins have no cart. */
export const hasServerCart = (state: RootState) => Boolean(state.session.token) && state.session.user?.role === false;

/**
 * Counts local changes to the cart, and those sent to the server not yet answered. An answer only replaces
 * the local cart when no newer change has been made since its request left, so a slow answer never undoes
 * a quicker click.
 */
let latestChange = 0;
let unanswered = 0;

/** Counts a change made here only (the cart emptied by an order or a sign-out): older answers are out of date. */
export const changeMade = () => ++latestChange;

/** Counts a change as it is sent, and gives its number; `changeAnswered` must follow once it settles. */
export const changeSent = () => {
  unanswered += 1;
  return changeMade();
};

export const changeAnswered = () => {
  unanswered -= 1;
};

/** The number of the last change: an answer may replace the local cart if it still is when the answer comes. */
export const lastChange = () => latestChange;

const userOf = (state: RootState) => state.session.user?._id;

/**
 * Taken as a read of the server cart leaves. Its answer may become the local cart (`mayReplace`) unless a change
 * was on its way as it left or when it answers (the read may predate it, and the change's own answer will come),
 * or any change was made since, or it is another shopper's cart (`forAnotherShopper`: signed out and in again).
 */
export function readStarted(state: RootState) {
  const change = latestChange;
  const user = userOf(state);
  const quiet = unanswered === 0;
  const forAnotherShopper = (now: RootState) => userOf(now) !== user;
  return {
    forAnotherShopper,
    mayReplace: (now: RootState) =>
      quiet && unanswered === 0 && change === latestChange && hasServerCart(now) && !forAnotherShopper(now),
  };
}
