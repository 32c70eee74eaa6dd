import type { RootState } from '../../app/store';

/** Only a signed-in shopper has a server cart; visitors keep the local one and admins have no cart. */
export const hasServerCart = (state: RootState) => Boolean(state.session.token) && state.session.user?.role === false;

/**
 * Counts local changes sent to the server. An answer only replaces the local cart when no newer change
 * has been made since its request left, so a slow answer never undoes a quicker click.
 */
let latestChange = 0;

/** Counts a change as it is sent, and gives its number. */
export const changeSent = () => ++latestChange;

/** The number of the last change sent: an answer may replace the local cart if it still is when the answer comes. */
export const lastChange = () => latestChange;
