import { egyptianMobile, latinDigits } from './mobile.js';

// Without zod: every storefront page's footer uses these, and the home and product pages load no validation code.

/** The pages every shop has, by the name in their address (/pages/<name>). */
export const SHOP_PAGES = ['delivery', 'returns', 'privacy', 'terms'] as const;
export type ShopPageName = (typeof SHOP_PAGES)[number];
export const isShopPage = (name: string): name is ShopPageName => (SHOP_PAGES as readonly string[]).includes(name);

/** The wa.me address of a WhatsApp number (+201… or as typed), or null when there is none. */
export function whatsappLink(number: string): string | null {
  const mobile = egyptianMobile(number);
  return mobile ? `https://wa.me/${mobile.slice(1)}` : null;
}

/** The tel: address of a phone number as written: its digits, with the + of an international number. */
export const telLink = (number: string): string => `tel:${latinDigits(number).replace(/[^\d+]/g, '')}`;
