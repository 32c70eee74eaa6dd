import { describe, expect, it } from 'vitest';
import {
  categoryCreateSchema,
  MSG,
  productCreateSchema,
  registerSchema,
  addressSchema,
  canTransition,
  DEFAULT_SHIPPING_RATES,
  shippingFees,
  offlineConfirmSchema,
  offlineIntentViewSchema,
  render,
} from './index.js';

/** The first message about `field`, as an English reader sees it. */
function firstError(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  const message = result.error?.issues.find((i) => i.path[0] === field)?.message;
  return message && render(message, 'en');
}

const validUser = {
  name: "Nour O'Brien-Adel",
  email: 'nour@example.com',
  phone: '01234567890',
  password: 'Secr3t!pw',
  confirm_password: 'Secr3t!pw',
};

describe('registration rules', () => {
  it('accepts a valid shopper, lower-casing the e-mail', () => {
    const r = registerSchema.safeParse({ ...validUser, email: 'Nour@Example.com' });
    expect(r.success && r.data.email).toBe('nour@example.com');
  });
  it.each(['01012345678', '01112345678', '01212345678', '01512345678'])(
    'accepts the Egyptian mobile number %s on sign-up and in an address',
    (phone) => {
      expect(registerSchema.safeParse({ ...validUser, phone }).success).toBe(true);
      expect(addressSchema.shape.phone.safeParse(phone).success).toBe(true);
    },
  );
  it.each([
    ['name', '', MSG.required],
    ['name', 'Nour 2', MSG.invalidName],
    ['email', '', MSG.required],
    ['email', 'nour@', MSG.invalidEmail],
    ['phone', '', MSG.invalidPhone],
    ['phone', '01334567890', MSG.invalidPhone],
    ['phone', '01434567890', MSG.invalidPhone],
    ['phone', '012345678901', MSG.invalidPhone],
    ['password', 'alllowercase1!', MSG.invalidPassword],
    ['password', 'NoDigits!!', MSG.invalidPassword],
    ['password', 'NoSymbol12', MSG.invalidPassword],
    ['password', 'Sp ace1!xx', MSG.invalidPassword],
    ['password', 'Ab1!', MSG.invalidPassword],
    ['confirm_password', 'Other1!pw', MSG.noMatching],
  ])('%s %j → %s', (field, value, message) => {
    expect(firstError(registerSchema.safeParse({ ...validUser, [field]: value }), field)).toBe(message);
  });
  it('accepts Arabic letters in names', () => {
    expect(registerSchema.safeParse({ ...validUser, name: 'منى علي' }).success).toBe(true);
  });
});

describe('admin form rules', () => {
  const product = {
    department: '5f1d7c3e-8c4b-4e0a-9a3e-2b1c0d9e8f7a',
    category: '6f1d7c3e-8c4b-4e0a-9a3e-2b1c0d9e8f7a',
    name: 'Kettle',
    description: 'Boils water',
    price: '499.5',
    stock: '3',
    cod: 'true',
    brand: 'Tornado',
    weight: '1.2',
  };
  it('coerces multipart strings', () => {
    const r = productCreateSchema.safeParse(product);
    expect(r.success && r.data).toMatchObject({ price: 499.5, stock: 3, cod: true, weight: 1.2 });
  });
  it.each(['department', 'category', 'name', 'description', 'price', 'stock', 'cod', 'brand', 'weight'])(
    '%s missing → Required Field',
    (field) => {
      expect(firstError(productCreateSchema.safeParse({ ...product, [field]: '' }), field)).toBe(MSG.requiredField);
    },
  );
  it.each(['price', 'stock', 'weight'])('%s not a number → the generic number message', (field) => {
    expect(firstError(productCreateSchema.safeParse({ ...product, [field]: 'abc' }), field)).toBe(
      `${field} must be a \`number\` type`,
    );
  });
  it('category create needs a department and a name', () => {
    const r = categoryCreateSchema.safeParse({});
    expect(firstError(r, 'department')).toBe(MSG.requiredField);
    expect(firstError(r, 'name')).toBe(MSG.requiredField);
  });
});

describe('shipping form', () => {
  it('requires all seven fields', () => {
    const r = addressSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(new Set(r.error?.issues.map((i) => i.path[0]))).toEqual(
      new Set(['street', 'building', 'city', 'state', 'phone', 'zipCode', 'country']),
    );
  });
});

describe('orders', () => {
  const order = (governorate: string, weightKg: number, itemsPiastres: number, method: 'cash' | 'visa') => ({
    governorate,
    weightKg,
    itemsPiastres,
    method,
  });

  it('at the default rates, cash adds 21 + 9 EGP and card adds nothing, wherever it goes', () => {
    expect(shippingFees(DEFAULT_SHIPPING_RATES, order('Aswan', 7, 100_00, 'cash'))).toEqual({
      shipping: 21_00,
      codFee: 9_00,
    });
    expect(shippingFees(DEFAULT_SHIPPING_RATES, order('Cairo', 7, 100_00, 'visa'))).toEqual({ shipping: 0, codFee: 0 });
  });

  const rates = {
    ...DEFAULT_SHIPPING_RATES,
    cardShipsFree: false,
    freeOver: 1000,
    rates: DEFAULT_SHIPPING_RATES.rates.map((r) =>
      r.governorate === 'Aswan' ? { ...r, base: 60, perKg: 7.5 } : { ...r, base: 30, perKg: 5 },
    ),
  };

  it("charges the governorate's base and each started kilogram beyond the first", () => {
    expect(shippingFees(rates, order('Aswan', 1, 0, 'visa')).shipping).toBe(60_00);
    expect(shippingFees(rates, order('Aswan', 1.2, 0, 'visa')).shipping).toBe(67_50);
    expect(shippingFees(rates, order('Aswan', 3, 0, 'visa')).shipping).toBe(75_00);
    expect(shippingFees(rates, order('Aswan', 3.0000001, 0, 'visa')).shipping).toBe(75_00);
    expect(shippingFees(rates, order('Giza', 0.4, 0, 'cash'))).toEqual({ shipping: 30_00, codFee: 9_00 });
  });

  it('ships free from the threshold on, and charges the dearest rate outside the governorates', () => {
    expect(shippingFees(rates, order('Aswan', 5, 999_99, 'cash')).shipping).toBe(90_00);
    expect(shippingFees(rates, order('Aswan', 5, 1000_00, 'cash'))).toEqual({ shipping: 0, codFee: 9_00 });
    expect(shippingFees(rates, order('Bavaria', 1, 0, 'cash')).shipping).toBe(60_00);
  });

  it('moves only along the state machine, and only by those allowed to make the move', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('pending', 'paid', 'admin')).toBe(false);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'shipped')).toBe(false);
    expect(canTransition('delivered', 'return_requested', 'shopper')).toBe(true);
    expect(canTransition('return_requested', 'returned', 'shopper')).toBe(false);
  });
});

describe('offline test provider', () => {
  it("answers an intent without its client secret, only Stripe's public fields", () => {
    const row = { id: 'pi_1', status: 'succeeded', amount: 12_550, currency: 'egp', clientSecret: 'pi_1_secret_x' };
    expect(offlineIntentViewSchema.parse(row)).toEqual({
      id: 'pi_1',
      status: 'succeeded',
      amount: 12_550,
      currency: 'egp',
    });
  });
  it('needs a client secret to pay', () => {
    const card = { number: '4242424242424242', exp: '12/34', cvc: '123' };
    expect(offlineConfirmSchema.safeParse({ clientSecret: '', card }).success).toBe(false);
    expect(offlineConfirmSchema.safeParse({ clientSecret: 'pi_1_secret_x', card }).success).toBe(true);
  });
});
