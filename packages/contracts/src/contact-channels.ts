// Apart from user.ts, whose schemas run zod as the module loads: the app shell reads these without loading zod.

/** How the shop reaches a shopper about orders. */
export const CONTACT_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
