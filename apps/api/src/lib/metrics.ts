import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where the pool of database connections stands (PostgreSQL; PGlite has no pool). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The shop's Prometheus metrics, in a registry of this app's own (tests build many apps in one process).
 * Exists only when METRICS_TOKEN is set: otherwise nothing is measured and `app.metrics` is null.
 */
export function createMetrics(sources: { poolUse?: () => PoolUse; mailQueueLength: () => Promise<number> }) {
  const registry = new Registry();
  // Process figures, the event-loop lag among them (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const poolUse = sources.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL connections of this process by state: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  new Gauge({
    name: 'shop_mail_queue_length',
    help: 'E-mails queued and not sent yet (those given up after their last attempt included), read at each scrape',
    registers: [registry],
    async collect() {
      this.set(await sources.mailQueueLength());
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'shop_http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    orders: new Counter({
      name: 'shop_orders_total',
      help: 'Checkouts: placed, or refused (out of stock, invalid, limited)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    payments: new Counter({
      name: 'shop_payments_total',
      help: 'Payment events handled, by provider and outcome',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    cache: new Counter({
      name: 'shop_response_cache_total',
      help: 'Catalogue reads answered from the response cache (hit) or computed (miss)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
