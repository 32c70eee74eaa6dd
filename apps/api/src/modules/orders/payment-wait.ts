import { sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.js';

/**
 * An online order whose payment the provider reports pending: money may still come for it (a kiosk
 * reference paid at an outlet, a wallet approval), and a kiosk payment cannot be refunded. So expiry waits
 * PENDING_PAYMENT_TTL_MS for it. (A newer order replaces no order whose payment is under way: claimed.ts.)
 */
export const awaitingProvider = sql<boolean>`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} = 'pending')`;
