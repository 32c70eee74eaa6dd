import { and, eq, isNull } from 'drizzle-orm';
import { OWNER_ROLE, say } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';

/**
 * Refuses a change that would leave the shop without an owner who can act: `userId` is about to stop being one
 * (demoted, suspended, deleted). The active owners' rows are locked first, so two owners demoting each other at
 * once cannot both pass: the second waits for the first and then counts one owner.
 */
export async function keepAnOwner(tx: Tx, userId: string): Promise<void> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.staffRole, OWNER_ROLE), isNull(users.staffSuspendedAt)))
    .orderBy(users.id)
    .for('update');
  if (owners.length <= 1 && owners.some((owner) => owner.id === userId)) throw conflict(say.api.lastOwner);
}
