import { and, desc, eq } from 'drizzle-orm';
import type { Address, AddressInput } from '@shop/contracts';
import { addresses } from '../../db/schema.js';
import type { Deps } from '../deps.js';

type AddressRow = typeof addresses.$inferSelect;

/** 'building street, city, state, country zipCode': one line a courier can read. */
const fullAddress = (a: AddressInput) => `${a.building} ${a.street}, ${a.city}, ${a.state}, ${a.country} ${a.zipCode}`;

const toAddressDto = (a: AddressRow): Address => ({
  _id: a.id,
  street: a.street,
  building: a.building,
  city: a.city,
  state: a.state,
  phone: a.phone,
  zipCode: a.zipCode,
  country: a.country,
  createdAt: a.createdAt.toISOString(),
  fullAddress: fullAddress(a),
});

export function addressesService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;

  async function list(userId: string): Promise<Address[]> {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id));
    return rows.map(toAddressDto);
  }

  /**
   * Saves an address unless the user already has the very same one: the checkout saves the
   * address with every order, and the saved list must not fill up with copies.
   */
  async function add(userId: string, input: AddressInput): Promise<Address[]> {
    const fields = {
      street: input.street,
      building: input.building,
      city: input.city,
      state: input.state,
      phone: input.phone,
      zipCode: input.zipCode,
      country: input.country,
    };
    const [existing] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        and(
          eq(addresses.userId, userId),
          ...Object.entries(fields).map(([key, value]) => eq(addresses[key as keyof typeof fields], value)),
        ),
      );
    if (!existing) await db.insert(addresses).values({ userId, ...fields, createdAt: deps.clock.now() });
    return list(userId);
  }

  return { list, add };
}
