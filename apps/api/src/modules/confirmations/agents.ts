import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, exists, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  CONFIRMATION_CLAIM_MS,
  say,
  type ConfirmationClaim,
  type ConfirmationOutcomeInput,
  type ConfirmationQueue,
  type Order,
} from '@shop/contracts';
import { orderConfirmations, orders, users } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Deps } from '../deps.js';
import { AfterCommit, lockOrder, transition, type AfterCommitDeps } from '../orders/lifecycle.js';
import { refuseMoneyBack } from '../orders/money-back.js';
import { loadOrders } from '../orders/queries.js';
import { phoneRecords } from '../phone-records/records.js';
import { transaction } from '../../db/transaction.js';

type AgentsDeps = AfterCommitDeps & Pick<Deps, 'clock'>;

/** The queue shows this many orders at a time, the oldest. */
const QUEUE_LENGTH = 100;
const agent = alias(users, 'agent');

/**
 * The agents' queue: cash orders awaiting confirmation, oldest first. An agent takes one for CONFIRMATION_CLAIM_MS
 * with a conditional update (free, run out, or already theirs), so two agents pressing at once never both get it;
 * the outcome is recorded only by the agent holding it, and gives it back.
 */
export function confirmationAgents(deps: AgentsDeps) {
  const { db, clock } = deps;

  async function queue(): Promise<ConfirmationQueue> {
    const now = clock.now();
    const rows = await db
      .select({
        orderId: orders.id,
        customerName: users.name,
        attempts: orderConfirmations.attempts,
        endedAt: orderConfirmations.endedAt,
        claimedBy: orderConfirmations.claimedBy,
        claimedUntil: orderConfirmations.claimedUntil,
        agentName: agent.name,
      })
      .from(orders)
      .innerJoin(orderConfirmations, eq(orderConfirmations.orderId, orders.id))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(agent, eq(agent.id, orderConfirmations.claimedBy))
      .where(eq(orders.status, 'awaiting_confirmation'))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(QUEUE_LENGTH);
    const found = rows.length
      ? await loadOrders(
          db,
          inArray(
            orders.id,
            rows.map((r) => r.orderId),
          ),
        )
      : [];
    const byId = new Map<string, Order>(found.map((o) => [o._id, o]));
    const recordOf = await phoneRecords(
      db,
      found.map((o) => o.deliveryAddress.phone),
    );
    return {
      items: rows.flatMap((row) => {
        const order = byId.get(row.orderId);
        if (!order) return [];
        const held = row.claimedBy && row.claimedUntil && row.claimedUntil > now;
        return [
          {
            order,
            customerName: row.customerName,
            phone: order.deliveryAddress.phone,
            record: recordOf(order.deliveryAddress.phone),
            attempts: row.attempts,
            windowEnded: row.endedAt !== null,
            claim: held
              ? {
                  agentId: row.claimedBy ?? '',
                  agentName: row.agentName ?? '',
                  until: row.claimedUntil?.toISOString() ?? '',
                }
              : null,
          },
        ];
      }),
    };
  }

  async function claim(actor: Actor, orderId: string): Promise<ConfirmationClaim> {
    return transaction(db, async (tx) => {
      const now = clock.now();
      const until = new Date(now.getTime() + CONFIRMATION_CLAIM_MS);
      const me = actor.user.id;
      const [taken] = await tx
        .update(orderConfirmations)
        .set({ claimedBy: me, claimedUntil: until })
        .where(
          and(
            eq(orderConfirmations.orderId, orderId),
            or(
              isNull(orderConfirmations.claimedBy),
              lte(orderConfirmations.claimedUntil, now),
              eq(orderConfirmations.claimedBy, me),
            ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(orders)
                .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_confirmation'))),
            ),
          ),
        )
        .returning({ orderId: orderConfirmations.orderId });
      if (!taken) {
        const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        if (!order) throw notFound('Order');
        if (order.status !== 'awaiting_confirmation') throw conflict(say.api.notAwaitingConfirmation);
        throw conflict(say.api.confirmationTaken);
      }
      await auditAdmin(tx, actor, 'confirmation_claimed', `took order ${orderId} to confirm it by phone`, { orderId });
      return { orderId, until: until.toISOString() };
    });
  }

  async function outcome(actor: Actor, orderId: string, input: ConfirmationOutcomeInput): Promise<void> {
    const after = new AfterCommit();
    await transaction(db, async (tx) => {
      const now = clock.now();
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order');
      if (order.status !== 'awaiting_confirmation') throw conflict(say.api.notAwaitingConfirmation);
      const [released] = await tx
        .update(orderConfirmations)
        .set({
          claimedBy: null,
          claimedUntil: null,
          ...(input.outcome === 'no_answer' ? { attempts: sql`${orderConfirmations.attempts} + 1` } : {}),
        })
        .where(
          and(
            eq(orderConfirmations.orderId, orderId),
            eq(orderConfirmations.claimedBy, actor.user.id),
            gt(orderConfirmations.claimedUntil, now),
          ),
        )
        .returning({ attempts: orderConfirmations.attempts });
      if (!released) throw conflict(say.api.confirmationNotYours);
      const by = { actor: 'agent' as const, user: actor.user, ip: actor.ip };
      if (input.outcome === 'confirmed')
        await transition(tx, [order], { to: 'confirmed', by, reason: input.note ?? null }, after, now);
      // A wrong number cannot be confirmed, and a courier could not reach it either: the order is called off, and
      // a deposit paid goes back with it, which only an agent whose role gives refunds may do.
      if (input.outcome === 'cancelled' || input.outcome === 'wrong_number') {
        refuseMoneyBack(actor.user, order, 'cancelled');
        await transition(
          tx,
          [order],
          {
            to: 'cancelled',
            by,
            reason: input.reason ?? input.note ?? (input.outcome === 'wrong_number' ? 'Wrong number' : null),
          },
          after,
          now,
        );
      }
      await auditAdmin(
        tx,
        actor,
        'confirmation_outcome',
        `recorded the call about order ${orderId}: ${input.outcome}`,
        {
          orderId,
          outcome: input.outcome,
          attempts: released.attempts,
          ...(input.note ? { note: input.note } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
        },
      );
    });
    await after.run(deps);
  }

  return { queue, claim, outcome };
}
