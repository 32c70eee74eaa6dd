import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { ImageStore } from '../lib/image-store.js';
import type { Mailer } from '../lib/mailer.js';
import type { AttemptLimits, SignInLimit } from '../lib/sign-in-limit.js';
import type { Metrics } from '../lib/metrics.js';
import type { TokenService } from '../lib/tokens.js';
import type { Courier } from './courier/courier.js';
import type { MessageSender } from './messaging/sender.js';
import type { Replies } from './messaging/status.js';
import type { CartReminders } from './messaging/cart-reminders.js';
import type { BackInStockAlerts } from './back-in-stock/alerts.js';
import type { Confirmations } from './confirmations/confirmations.js';
import type { PhonesAsked } from './orders/phones-asked.js';
import type { ImportWorker } from './products/import/worker.js';
import type { PaymentProviders } from './payments/registry.js';
import type { ReceiptSender } from './receipts/sender.js';

/**
 * Everything a service may be given. Each service names the part it uses (`Pick<Deps, 'db' | 'clock'>`)
 * and takes nothing else, so its reach shows in its signature and a test can hand it exactly that. The
 * Fastify instance carries all of these (app.ts decorates it), which is why the routes pass `app`.
 */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Sends the messages (e-mail, SMS, WhatsApp) queued in the database. */
  messageSender: MessageSender;
  /** Where shoppers' WhatsApp replies are handed to the modules that asked. */
  replies: Replies;
  /** Reminds shoppers who agreed of carts they left, and takes their opt-outs. */
  cartReminders: CartReminders;
  /** Tells shoppers once that what they asked for is back in stock. */
  backInStockAlerts: BackInStockAlerts;
  /** Asks shoppers to confirm their cash orders, takes their answers and ends unanswered windows. */
  confirmations: Confirmations;
  /** Submits the e-receipts issued to the Tax Authority. */
  receiptSender: ReceiptSender;
  /** Applies the product imports queued in the database. */
  productImports: ImportWorker;
  tokens: TokenService;
  /** Failed password sign-ins per address and e-mail, shared by every form that checks a password. */
  signIns: SignInLimit;
  /** Makes the other limits of attempts (password resets, phone codes), counted where the sign-ins are. */
  attemptLimit: AttemptLimits;
  /** The delivery phones each shopper and client address asked the cash rules about today. */
  phonesAsked: PhonesAsked;
  images: ImageStore;
  /** The payment providers: the active one, and any other by the name stored with a payment. */
  payments: PaymentProviders;
  /** The courier orders ship with; null when the admin types tracking numbers. */
  courier: Courier | null;
  /** Set when METRICS_TOKEN is. */
  metrics: Metrics | null;
}
