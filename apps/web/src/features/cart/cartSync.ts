import { isAnyOf } from '@reduxjs/toolkit';
import { sessionRejected } from '../../api/apiSlice';
import type { AppStartListening } from '../../app/store';
import { writeJson } from '../../lib/storage';
import { sessionResumed, signedIn, signedOut } from '../auth';
import { CART_KEY, clearCart } from './cartSlice';
import { loadServerCart } from './cartActions';
import { changeMade } from './serverCart';

export function registerCartListeners(startListening: AppStartListening) {
  // Each change of the local cart is saved to local storage.
  startListening({
    predicate: (_action, current, previous) => current.cart.items !== previous.cart.items,
    effect: (_action, { getState }) => writeJson(CART_KEY, getState().cart.items),
  });

  // Emptying the cart here (an order placed or paid, a sign-out) is a change: a server answer that left before it
  // holds lines now gone (the paid ones, or the last shopper's), and must not bring them back.
  startListening({
    actionCreator: clearCart,
    effect: () => {
      changeMade();
    },
  });

  // Signing in (or coming back with a stored session) makes the server cart the local one;
  // an admin has no cart at all.
  startListening({
    matcher: isAnyOf(signedIn, sessionResumed),
    effect: (_action, { dispatch, getState }) => {
      if (getState().session.user?.role) dispatch(clearCart());
      else void dispatch(loadServerCart());
    },
  });

  // The cart belongs to the account: on a shared computer the next person must not see it.
  startListening({
    matcher: isAnyOf(signedOut, sessionRejected),
    effect: (_action, { dispatch }) => {
      dispatch(clearCart());
    },
  });
}
