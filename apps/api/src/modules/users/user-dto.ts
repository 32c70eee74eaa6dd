/** An account as the API answers it (the spec's user), whichever way it signed in. */
import { CONTACT_CHANNELS, localMobile, type ContactChannel, type User } from '@shop/contracts';
import type { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

type DtoColumns =
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'verifiedPhone'
  | 'role'
  | 'contactChannel'
  | 'signedInWith'
  | 'cartRemindersLanguage';

/** The channel order messages take (order-messages.ts chooses it the same way, in SQL). */
export const contactChannelOf = (u: Pick<UserRow, 'contactChannel' | 'signedInWith'>): ContactChannel => {
  const chosen = u.contactChannel ?? u.signedInWith;
  return (CONTACT_CHANNELS as readonly string[]).includes(chosen ?? '') ? (chosen as ContactChannel) : 'email';
};

export const toUserDto = (u: Pick<UserRow, DtoColumns>): User => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  verifiedPhone: u.verifiedPhone && localMobile(u.verifiedPhone),
  role: u.role,
  contactChannel: contactChannelOf(u),
  cartReminders: u.cartRemindersLanguage !== null,
});
