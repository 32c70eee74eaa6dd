import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { paymentProviders, type ProviderDeps } from './registry.js';

const providers = (env: Record<string, string>) =>
  paymentProviders({ config: loadConfig({ DATA_DIR: '/tmp/unused', ...env }) } as ProviderDeps);

describe('the main payment provider', () => {
  it('is never the offline test provider by default in production, whose test cards would pay real orders', () => {
    expect(() => providers({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER=offline/);
    expect(() => providers({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'offline' })).not.toThrow();
    expect(() => providers({ NODE_ENV: 'production', PAYMOB_SECRET_KEY: 'egy_sk_test_x' })).not.toThrow();
    expect(() => providers({ NODE_ENV: 'development' })).not.toThrow();
  });
});
