import { and, desc, eq, ne } from 'drizzle-orm';
import type { Address, AddressInput } from '@shop/contracts';
import { addresses } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

type AddressRow = typeof addresses.$inferSelect;
type AddressFields = Required<AddressInput>;

/** 'building street, apartment, floor, landmark, city, state, country zipCode': one line a courier can read. */
const fullAddress = (a: AddressFields) =>
  [`${a.building} ${a.street}`, a.apartment, a.floor, a.landmark, a.city, a.state, `${a.country} ${a.zipCode}`]
    .filter(Boolean)
    .join(', ');

const fieldsOf = (a: AddressRow | AddressInput): AddressFields => ({
  street: a.street,
  building: a.building,
  city: a.city,
  state: a.state,
  phone: a.phone,
  zipCode: a.zipCode,
  country: a.country,
  apartment: a.apartment ?? '',
  floor: a.floor ?? '',
  landmark: a.landmark ?? '',
  instructions: a.instructions ?? '',
});

const toAddressDto = (a: AddressRow): Address => ({
  _id: a.id,
  ...fieldsOf(a),
  isDefault: a.isDefault,
  createdAt: a.createdAt.toISOString(),
  fullAddress: fullAddress(fieldsOf(a)),
});

/** The shopper's address book: every answer is the whole list, the default first, then the newest. */
export function addressesService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  async function list(userId: string): Promise<Address[]> {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
    return rows.map(toAddressDto);
  }

  /** The user's own address; anyone else's is 'not found'. */
  function own(userId: string, id: string) {
    if (!isId(id)) throw notFound('Address');
    return and(eq(addresses.userId, userId), eq(addresses.id, id));
  }

  /**
   * Saves an address unless the user already has the very same one: the checkout saves the
   * address with every order, and the saved list must not fill up with copies.
   */
  async function add(userId: string, input: AddressInput): Promise<Address[]> {
    const fields = fieldsOf(input);
    const [existing] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        and(
          eq(addresses.userId, userId),
          ...Object.entries(fields).map(([key, value]) => eq(addresses[key as keyof AddressFields], value)),
        ),
      );
    if (!existing) await db.insert(addresses).values({ userId, ...fields, createdAt: deps.clock.now() });
    return list(userId);
  }

  async function update(userId: string, id: string, input: AddressInput): Promise<Address[]> {
    const changed = await db
      .update(addresses)
      .set(fieldsOf(input))
      .where(own(userId, id))
      .returning({ id: addresses.id });
    if (changed.length === 0) throw notFound('Address');
    return list(userId);
  }

  async function remove(userId: string, id: string): Promise<Address[]> {
    const removed = await db.delete(addresses).where(own(userId, id)).returning({ id: addresses.id });
    if (removed.length === 0) throw notFound('Address');
    return list(userId);
  }

  /**
   * One default per user (a partial unique index holds it): the old one is cleared in the same transaction, under
   * the lock of all the user's addresses, so two choices made at once end with the later one rather than an error.
   */
  async function makeDefault(userId: string, id: string): Promise<Address[]> {
    const chosen = own(userId, id);
    await transaction(db, async (tx) => {
      const book = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .for('update');
      if (!book.some((address) => address.id === id)) throw notFound('Address');
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
      await tx.update(addresses).set({ isDefault: true }).where(chosen);
    });
    return list(userId);
  }

  return { list, add, update, remove, makeDefault };
}
