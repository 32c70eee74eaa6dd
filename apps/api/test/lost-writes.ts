import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * The database refuses to record that a payment went back (a full disk, a connection lost at the commit): every
 * transaction that moves the payment from `paid` fails, the shop's own record and the provider's refund callback
 * alike, until the returned function lets them through again. A trigger, so it holds on PGlite and PostgreSQL.
 */
export async function loseGivingBack(db: Db, providerRef: string): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create function test_lose_giving_back() returns trigger language plpgsql as $$
      begin if new.state <> 'paid' then raise exception 'the disk is full'; end if; return new; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_lose_giving_back before update on payments for each row
      when (new.provider_ref = '${providerRef.replace(/'/g, "''")}') execute function test_lose_giving_back()`),
  );
  return async () => {
    await db.execute(sql.raw('drop trigger test_lose_giving_back on payments'));
    await db.execute(sql.raw('drop function test_lose_giving_back()'));
  };
}
