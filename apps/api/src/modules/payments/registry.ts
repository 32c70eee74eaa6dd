import type { OnlineMethod } from '@shop/contracts';
import type { Config } from '../../config.js';
import { unrecordedWrites, type UnrecordedWrites } from '../../lib/unrecorded.js';
import type { Deps } from '../deps.js';
import { fawryProvider } from './fawry/provider.js';
import { offlineProvider } from './offline-provider.js';
import { paymobProvider } from './paymob/provider.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

/** What a provider is made from. */
export type ProviderDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'db'>;

interface ProviderEntry {
  /** Whether its settings are present. */
  configured(env: Config['env']): boolean;
  create(deps: ProviderDeps): PaymentProvider;
  /**
   * Its own callback route under /api/payment/ (e.g. 'fawry/notification'): such a provider takes its methods beside
   * the main one whenever it is configured. Without one, its callbacks come to /api/payment/webhook, which one
   * provider serves: the main one, chosen by PAYMENT_PROVIDER or else the first configured.
   */
  route?: string;
}

/** The default: nothing to configure. */
const OFFLINE: ProviderEntry = { configured: () => true, create: offlineProvider };

/** Every provider by its name, in the order the main one is chosen (mainName). */
const PROVIDERS: Record<string, ProviderEntry> = {
  paymob: { configured: (env) => Boolean(env.PAYMOB_SECRET_KEY), create: paymobProvider },
  stripe: { configured: (env) => Boolean(env.STRIPE_SECRET_KEY), create: stripeProvider },
  fawry: { configured: (env) => Boolean(env.FAWRY_MERCHANT_CODE), create: fawryProvider, route: 'fawry/notification' },
  offline: OFFLINE,
};

/** The providers that have a callback route of their own, by route, whether configured or not (routes.ts). */
export const OWN_ROUTES: Record<string, string> = Object.fromEntries(
  Object.entries(PROVIDERS).flatMap(([name, entry]) => (entry.route ? [[name, entry.route]] : [])),
);

/**
 * The main provider's name: PAYMENT_PROVIDER's; else the first configured one without a route of its own (Paymob,
 * Stripe: they own /api/payment/webhook), else one with its own (a shop with only Fawry), and the offline test
 * provider only when no real one is configured, so its test cards never stand in for a real provider's card; in
 * production not even then, unless PAYMENT_PROVIDER names it.
 */
function mainName(config: Config): string {
  const name = config.PAYMENT_PROVIDER?.trim();
  if (!name) {
    const real = Object.entries(PROVIDERS).filter(
      ([each, entry]) => each !== 'offline' && entry.configured(config.env),
    );
    const chosen = (real.find(([, entry]) => !entry.route) ?? real[0])?.[0];
    // Its test cards would pay a real shop's orders: in production the offline provider must be asked for by name.
    if (!chosen && config.NODE_ENV === 'production')
      throw new Error(
        'No payment provider is configured: set PAYMOB_SECRET_KEY (or STRIPE_SECRET_KEY, FAWRY_MERCHANT_CODE), ' +
          'or PAYMENT_PROVIDER=offline for a shop that takes no real money (its test cards pay any order).',
      );
    return chosen ?? 'offline';
  }
  if (!Object.hasOwn(PROVIDERS, name))
    throw new Error(`Unknown PAYMENT_PROVIDER "${name}": one of ${Object.keys(PROVIDERS).join(', ')}`);
  return name;
}

export interface PaymentProviders {
  /** The main provider: it serves /api/payment/webhook, and its methods come before the others'. */
  active(): PaymentProvider;
  /** Every provider that takes payments now, the main one first. */
  all(): PaymentProvider[];
  /** The one provider that serves `method` now: the first of all() that offers it; null when none does. */
  serving(method: OnlineMethod): PaymentProvider | null;
  /**
   * The provider that took a payment, by the name stored with it: money goes back the way it came,
   * even after the shop has moved to another provider. Throws when that provider is unknown or no
   * longer configured.
   */
  named(name: string): PaymentProvider;
  /**
   * Money a provider gave back whose record the database refused then, by its request's id (give-back.ts): written at
   * the recovery pass's next runs in this process, never asked of the provider again.
   */
  readonly unrecorded: UnrecordedWrites<string>;
}

/** The app's providers, each made once, when first needed (one Stripe client, one offline secret). */
export function paymentProviders(deps: ProviderDeps): PaymentProviders {
  const main = mainName(deps.config);
  const made = new Map<string, PaymentProvider>();
  function named(name: string): PaymentProvider {
    let provider = made.get(name);
    if (!provider) {
      const entry = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
      if (!entry) throw new Error(`Unknown payment provider "${name}"`);
      provider = entry.create(deps);
      made.set(name, provider);
    }
    return provider;
  }
  const besides = Object.entries(PROVIDERS)
    .filter(([name, entry]) => name !== main && entry.route && entry.configured(deps.config.env))
    .map(([name]) => name);
  const all = () => [main, ...besides].map(named);
  return {
    active: () => named(main),
    all,
    serving: (method) => all().find((provider) => provider.methods.includes(method)) ?? null,
    named,
    unrecorded: unrecordedWrites(deps.log, 'money given back still not recorded', 'request'),
  };
}
