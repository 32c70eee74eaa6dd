import { eq } from 'drizzle-orm';
import { localMobile, say } from '@shop/contracts';
import { users } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { accountName, audit } from '../../lib/audit.js';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Deps } from '../deps.js';
import { accountOf, type phoneSignIn } from './phone-sign-in.js';
import { toUserDto } from './user-dto.js';

/**
 * A signed-in account proves a mobile: the session proves the account, a code sent to the mobile proves its holder,
 * and with both the mobile becomes the account's `verified_phone`, so phone sign-in opens this account from then on
 * (docs/decisions/phone-identity.md). The codes, their limits and their sending are phone sign-in's own (`codes`).
 */
export function phoneProof(deps: Pick<Deps, 'db'>, codes: Pick<ReturnType<typeof phoneSignIn>, 'useCode'>) {
  async function prove(userId: string, input: { phone: string; code: string }, ip: string) {
    const proven = await transaction(deps.db, async (tx) => {
      const channel = await codes.useCode(tx, input.phone, input.code);
      if (!channel) return null;
      // Thrown, the code stays unspent: it still signs its holder into the account that proved the mobile.
      const holder = await accountOf(tx, input.phone);
      if (holder && holder.id !== userId) throw conflict(say.api.phoneTaken);
      const [user] = await tx
        .update(users)
        .set({ verifiedPhone: input.phone, phone: localMobile(input.phone) ?? input.phone })
        .where(eq(users.id, userId))
        .returning()
        .catch((err: unknown) => {
          // Another account proved the mobile between our read and our write: the unique index refused it.
          if (pgCode(err) === UNIQUE_VIOLATION) throw conflict(say.api.phoneTaken);
          throw err;
        });
      if (!user) throw notFound('User');
      await audit(tx, {
        type: 'user',
        action: 'phone_proven',
        message: `${accountName(user)} proved ${input.phone} with a code by ${channel}`,
        userId,
        userEmail: user.email,
        data: { phone: input.phone },
        ip,
      });
      return user;
    });
    // The wrong try is counted (committed) before the refusal, a 400: a 401 would end the shopper's session.
    if (!proven) throw badRequest(say.api.wrongCode, { code: say.api.wrongCode });
    return { user: toUserDto(proven), message: say.api.phoneProven };
  }

  return { prove };
}
