import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  say,
  WEB_PATTERNS,
  languageOf,
  NOT_CONFIRMED_IN_TIME,
  pathIn,
  type Language,
  type ConfirmationAnswer,
  type ConfirmationResult,
  type ConfirmationView,
  type Order,
  type OrderStatus,
} from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { messages, orderConfirmations, orders } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import { signedIds } from '../../lib/signed-ids.js';
import type { Deps } from '../deps.js';
import { queueOrderMail } from '../messaging/order-messages.js';
import type { Reply } from '../messaging/status.js';
import { AfterCommit, lockOrder, transition, type AfterCommitDeps, type Mover } from '../orders/lifecycle.js';
import { loadOrder, loadOrders, type OrderRow } from '../orders/queries.js';
import { readAnswerPayload } from './payload.js';
import { loadCodSettings } from './settings.js';
import { transaction } from '../../db/transaction.js';

/** How often the window's pass looks for reminders and ends due: a reminder goes out at most this late. */
const EVERY_MS = 60_000;
/** Confirmations taken in one transaction. */
const BATCH = 100;
const HOUR_MS = 60 * 60_000;

export interface Confirmations extends Passes {
  /**
   * Asks the shopper of a cash order just placed, in the placing transaction: the window opens and the request is
   * queued by the shopper's channel (WhatsApp buttons, else the link by SMS or e-mail). Resolves to whether a
   * message was queued.
   */
  ask(tx: Tx, order: Pick<OrderRow, 'id' | 'userId' | 'language'>, now: Date, windowHours: number): Promise<boolean>;
  /** The signed link of an order's confirmation, as its messages carry it, to the page in `language`. */
  linkOf(orderId: string, language?: Language): string;
  /** The page a link opens: the order, in its language; a forged token is a 404. */
  view(token: string): Promise<ConfirmationView>;
  /** The shopper's answer by the link: moves the order once; an order decided before is left as it is. */
  answer(token: string, answer: ConfirmationAnswer, ip: string): Promise<ConfirmationResult>;
  /**
   * The signed-in shopper confirms their own order from their orders page: another's is a 404 and an order no longer
   * awaited a 409, since the page offered the button for an order it showed awaiting. Resolves to the order as it is.
   */
  confirmOwn(shopper: Shopper, orderId: string, ip: string): Promise<Order>;
  /** A WhatsApp button pressed: applied when it answers a question sent to that phone. */
  answerReply(reply: Reply): Promise<void>;
}

/** A signed-in shopper, as the auth plugin names them. */
type Shopper = { id: string; email: string | null; name: string };

/** Where an answer came from, as the audit log says it. */
const ANSWERED_BY = { link: 'the link', whatsapp: 'WhatsApp', orders: 'their orders page' } as const;
type AnsweredBy = keyof typeof ANSWERED_BY;

type ConfirmationsDeps = AfterCommitDeps & Pick<Deps, 'clock' | 'config'> & { jwtSecret: string };

const answered = (answer: ConfirmationAnswer): OrderStatus => (answer === 'confirm' ? 'confirmed' : 'cancelled');

/**
 * Cash orders confirmed by their shoppers (docs/guide/cash-on-delivery.md). The link's token is the order id and its
 * HMAC under a key derived from the sessions' one for this use only: it names one order, needs no sign-in, and stays
 * good until the order is decided; after that an answer changes nothing. The window's pass claims due rows with
 * SKIP LOCKED, so several instances remind and end each window once.
 */
export function createConfirmations(deps: ConfirmationsDeps): Confirmations {
  const { db, clock, config } = deps;
  // 128 bits of the HMAC: unguessable, and short enough for the link to fit an SMS.
  const links = signedIds(deps.jwtSecret, 'cash order confirmation', 16);
  // The page's address in the order's language (Arabic behind /ar), so it opens in the shopper's language.
  const linkOf = (orderId: string, language: Language = 'en') =>
    `${config.PUBLIC_URL}${pathIn(WEB_PATTERNS.confirmOrder.replace(':token', links.tokenOf(orderId)), language)}`;

  function orderOf(token: string): string {
    const orderId = links.idOf(token);
    if (!orderId) throw new HttpError(404, say.api.confirmationLinkInvalid);
    return orderId;
  }

  /**
   * Moves an awaited order by its shopper's answer, once. With `shopper` (signed in), only their own order: any
   * other is not found.
   */
  async function decide(
    orderId: string,
    answer: ConfirmationAnswer,
    how: AnsweredBy,
    ip: string | null,
    shopper?: Shopper,
  ) {
    const after = new AfterCommit();
    const result = await transaction(db, async (tx): Promise<ConfirmationResult> => {
      const order = await lockOrder(tx, orderId, shopper?.id);
      if (!order) throw shopper ? notFound('Order') : new HttpError(404, say.api.confirmationLinkInvalid);
      const status = order.status as OrderStatus;
      if (status !== 'awaiting_confirmation') return { status, changed: false };
      const to = answered(answer);
      const by: Mover = { actor: 'shopper', user: shopper ?? null, ip };
      await transition(
        tx,
        [order],
        {
          to,
          by,
          audit: (o) => ({
            type: 'order',
            action: 'order_confirmation_answered',
            message: `The shopper ${to === 'confirmed' ? 'confirmed' : 'cancelled'} order ${o.id} by ${ANSWERED_BY[how]}`,
            userId: o.userId,
            data: { orderId: o.id, answer, by: how },
            ip,
          }),
        },
        after,
        clock.now(),
      );
      return { status: to, changed: true };
    });
    await after.run(deps);
    return result;
  }

  /** Queues the request (or its reminder) with its link, by the shopper's channel. */
  const queueAsk = (
    tx: Tx,
    order: Pick<OrderRow, 'id' | 'userId' | 'language'>,
    kind: 'confirm_request' | 'confirm_reminder',
  ) => queueOrderMail(tx, order, kind, { confirm: linkOf(order.id, languageOf(order.language)) });

  /** Awaited orders whose confirmation meets `when`, locked for this pass alone, the soonest ending first. */
  const due = async (tx: Tx, when: SQL | undefined) =>
    (
      await tx
        .select({ order: orders })
        .from(orderConfirmations)
        .innerJoin(orders, eq(orders.id, orderConfirmations.orderId))
        .where(and(eq(orders.status, 'awaiting_confirmation'), isNull(orderConfirmations.endedAt), when))
        .orderBy(asc(orderConfirmations.endsAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })
    ).map((row) => row.order);
  const mark = (tx: Tx, list: readonly OrderRow[], set: Partial<typeof orderConfirmations.$inferInsert>) =>
    tx
      .update(orderConfirmations)
      .set(set)
      .where(
        inArray(
          orderConfirmations.orderId,
          list.map((o) => o.id),
        ),
      );

  /** Reminders at half the window, then the windows' ends: the order waits for the agents or is cancelled. */
  async function pass(): Promise<number> {
    const settings = await loadCodSettings(db);
    let done = 0;
    for (;;) {
      const now = clock.now();
      const after = new AfterCommit();
      const count = await transaction(db, async (tx) => {
        const reminders = await due(
          tx,
          and(
            isNull(orderConfirmations.remindedAt),
            lte(
              sql`${orderConfirmations.askedAt} + (${orderConfirmations.endsAt} - ${orderConfirmations.askedAt}) / 2`,
              now,
            ),
          ),
        );
        if (reminders.length) {
          await mark(tx, reminders, { remindedAt: now });
          for (const order of reminders) if (await queueAsk(tx, order, 'confirm_reminder')) after.mailQueued();
        }
        const endedOrders = await due(tx, lte(orderConfirmations.endsAt, now));
        if (endedOrders.length) {
          await mark(tx, endedOrders, { endedAt: now });
          const hours = settings.confirmation.windowHours;
          if (settings.confirmation.onTimeout === 'cancel')
            await transition(
              tx,
              endedOrders,
              {
                to: 'cancelled',
                by: { actor: 'system' },
                reason: NOT_CONFIRMED_IN_TIME,
                audit: (o) => ({
                  type: 'order',
                  action: 'order_confirmation_timeout',
                  message: `Cash order ${o.id} was cancelled: not confirmed within ${hours} hours`,
                  userId: o.userId,
                  data: { orderId: o.id, onTimeout: 'cancel' },
                }),
              },
              after,
              now,
            );
          else
            for (const o of endedOrders)
              await audit(tx, {
                type: 'order',
                action: 'order_confirmation_timeout',
                message: `Cash order ${o.id} was not confirmed within ${hours} hours: it waits for the agents' call`,
                userId: o.userId,
                data: { orderId: o.id, onTimeout: 'queue' },
              });
        }
        return reminders.length + endedOrders.length;
      });
      await after.run(deps);
      done += count;
      if (count < BATCH) return done;
    }
  }

  return {
    ...repeatedPasses(pass, { everyMs: EVERY_MS, log: deps.log, failure: 'confirmation window pass failed' }),
    linkOf,
    async ask(tx, order, now, windowHours) {
      await tx.insert(orderConfirmations).values({
        orderId: order.id,
        askedAt: now,
        endsAt: new Date(now.getTime() + windowHours * HOUR_MS),
      });
      return queueAsk(tx, order, 'confirm_request');
    },
    async view(token) {
      const orderId = orderOf(token);
      const [order] = await loadOrders(db, eq(orders.id, orderId));
      const [row] = await db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId));
      if (!order || !row) throw new HttpError(404, say.api.confirmationLinkInvalid);
      return { order, language: languageOf(row.language) };
    },
    answer: (token, answer, ip) => decide(orderOf(token), answer, 'link', ip),
    async confirmOwn(shopper, orderId, ip) {
      const { changed } = await decide(orderId, 'confirm', 'orders', ip, shopper);
      if (!changed) throw conflict(say.api.notAwaitingConfirmation);
      return loadOrder(db, orderId);
    },
    async answerReply(reply) {
      const named = readAnswerPayload(reply.buttonPayload);
      if (!named) return;
      // Only the phone the question went to answers it: a payload is no secret.
      const [asked] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.orderId, named.orderId),
            eq(messages.channel, 'whatsapp'),
            eq(messages.to, reply.from),
            inArray(messages.kind, ['confirm_request', 'confirm_reminder']),
          ),
        )
        .limit(1);
      if (!asked) {
        deps.log.warn({ order: named.orderId }, 'a confirmation button from a phone that was not asked');
        return;
      }
      await decide(named.orderId, named.answer, 'whatsapp', null);
    },
  };
}
