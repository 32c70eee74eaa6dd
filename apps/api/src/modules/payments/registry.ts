import type { Config } from '../../config.js';
import type { Deps } from '../deps.js';
import { offlineProvider } from './offline-provider.js';
import { paymobProvider } from './paymob/provider.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

/** What a provider is made from. */
export type ProviderDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'db'>;

interface ProviderEntry {
  /** Whether its settings are present, for choosing one when PAYMENT_PROVIDER is unset. */
  configured(env: Config['env']): boolean;
  create(deps: ProviderDeps): PaymentProvider;
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

export interface PaymentProviders {
  /** The provider new payments start with. */
  active(): PaymentProvider;
  /**
   * The provider that took a payment, by the name stored with it: money goes back the way it came,
   * even after the shop has moved to another provider. Throws when that provider is unknown or no
   * longer configured.
   */
  named(name: string): PaymentProvider;
}

/** The app's providers, each made once, when first needed (one Stripe client, one offline secret). */
export function paymentProviders(deps: ProviderDeps): PaymentProviders {
  const entry = chosen(deps.config);
  let active: PaymentProvider | undefined;
  const others = new Map<string, PaymentProvider>();
  const activeOne = () => (active ??= entry.create(deps));
  return {
    active: activeOne,
    named(name) {
      const current = activeOne();
      if (current.name === name) return current;
      let provider = others.get(name);
      if (!provider) {
        const other = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
        if (!other) throw new Error(`Unknown payment provider "${name}"`);
        provider = other.create(deps);
        others.set(name, provider);
      }
      return provider;
    },
  };
}
