import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { offlineProvider } from './offline-provider.js';
import { paymobProvider } from './paymob/provider.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

interface ProviderEntry {
  /** Whether its settings are present, for choosing one when PAYMENT_PROVIDER is unset. */
  configured(env: Config['env']): boolean;
  create(app: FastifyInstance): PaymentProvider;
}

/** The default: nothing to configure. */
const OFFLINE: ProviderEntry = { configured: () => true, create: offlineProvider };

/** Every provider by its PAYMENT_PROVIDER name; unset, the first configured one is used, so offline comes last. */
const PROVIDERS: Record<string, ProviderEntry> = {
  paymob: { configured: (env) => Boolean(env.PAYMOB_SECRET_KEY), create: paymobProvider },
  stripe: { configured: (env) => Boolean(env.STRIPE_SECRET_KEY), create: stripeProvider },
  offline: OFFLINE,
};

function chosen(config: Config): ProviderEntry {
  const name = config.PAYMENT_PROVIDER?.trim();
  if (!name) return Object.values(PROVIDERS).find((entry) => entry.configured(config.env)) ?? OFFLINE;
  const entry = PROVIDERS[name];
  if (!entry) throw new Error(`Unknown PAYMENT_PROVIDER "${name}": one of ${Object.keys(PROVIDERS).join(', ')}`);
  return entry;
}

// Keyed by the config object, which every encapsulated child instance of one app shares,
// so the orders and payments plugins get the same provider (one Stripe client, one offline secret).
const providers = new WeakMap<Config, PaymentProvider>();
const byName = new WeakMap<Config, Map<string, PaymentProvider>>();

/** The app's payment provider: the one new payments start with. */
export function paymentProvider(app: FastifyInstance): PaymentProvider {
  let provider = providers.get(app.config);
  if (!provider) {
    provider = chosen(app.config).create(app);
    providers.set(app.config, provider);
  }
  return provider;
}

/**
 * The provider that took a payment, by the name stored with it: money goes back the way it came,
 * even after the shop has moved to another provider. Throws when that provider is unknown or no
 * longer configured.
 */
export function providerNamed(app: FastifyInstance, name: string): PaymentProvider {
  const active = paymentProvider(app);
  if (active.name === name) return active;
  let others = byName.get(app.config);
  if (!others) byName.set(app.config, (others = new Map<string, PaymentProvider>()));
  let provider = others.get(name);
  if (!provider) {
    const entry = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
    if (!entry) throw new Error(`Unknown payment provider "${name}"`);
    provider = entry.create(app);
    others.set(name, provider);
  }
  return provider;
}
