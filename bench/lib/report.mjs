import { LIGHTHOUSE_PAGES } from './lighthouse.mjs';

/**
 * A template literal that shows a figure missing from the report (one written by an older bench, kept by `--only`)
 * as n/a. @param {TemplateStringsArray} strings @param {unknown[]} values
 */
const t = (strings, ...values) => String.raw({ raw: strings }, ...values.map((value) => value ?? 'n/a'));

/**
 * The run's figures as the markdown the README quotes: one table or line per part the report holds.
 * @param {Record<string, any>} r the report, as written to latest.json
 */
export function markdown(r) {
  const buffers = r.db_buffers_mb ? `, shared buffers ${r.db_buffers_mb} MB` : '';
  const lines = [
    t`## Benchmark: ${r.products} products on ${r.db} (seeded in ${r.seed_s} s, ${r.db_mb} MB${buffers}), ${r.workers} API process(es), ${r.connections} connections, ${r.duration_s} s per run`,
    '',
  ];
  const rows = [
    ...(r.endpoints ?? []),
    ...(r.ssr ?? []).map((/** @type {any} */ row) => ({ ...row, name: `ssr ${row.name}` })),
  ];
  if (rows.length)
    lines.push(
      'Cached case (one address asked again and again):',
      '',
      `| endpoint | req/s | p50 ms | p95 ms | p99 ms | bytes | nginx req/s | nginx p99 ms | ratio |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(
        (row) =>
          t`| ${row.name} | ${row.rps} | ${row.p50_ms} | ${row.p95_ms} | ${row.p99_ms} | ${row.bytes} | ${row.ceiling_rps} | ${row.ceiling_p99_ms} | ${row.ratio} |`,
      ),
      '',
    );
  const s = r.search_mix;
  if (s)
    lines.push(
      t`search mix: ${s.queries} distinct queries${s.repeated ? ` and ${s.repeated} sent again (the list ran out)` : ', each asked once'}; at most ${s.max_rps} queries/s (${r.connections} connections, p99 ${s.max_p99_ms} ms, ${s.max_errors} errors); at ${s.rate}/s p50 ${s.p50_ms} ms, p95 ${s.p95_ms} ms, p99 ${s.p99_ms} ms, from cache ${Math.round(s.cache_share * 100)}%, errors ${s.errors}`,
    );
  const f = r.filtered;
  if (f)
    lines.push(
      t`filtered lists, uncached, at ${f.rate}/s: a category with a brand and a lowest price p50 ${f.category.p50_ms} ms, p95 ${f.category.p95_ms} ms, p99 ${f.category.p99_ms} ms; a search word with a brand and a price range p50 ${f.search.p50_ms} ms, p95 ${f.search.p95_ms} ms, p99 ${f.search.p99_ms} ms`,
    );
  const m = r.mixed;
  if (m)
    lines.push(
      t`mixed traffic: ${m.shoppers_per_s} shoppers/s sustained, ${m.rps} requests/s, catalogue reads from the cache ${m.catalogue_hit_share}, worst p99 ${m.p99_ms} ms (limit ${m.p99_limit_ms} ms; stages of ${m.stage_s} s: ${m.stages.map((/** @type {any} */ stage) => `${stage.shoppers_per_s}/s p99 ${stage.p99_ms} ms ${stage.worst}`).join(', ')})`,
    );
  for (const [name, o] of [
    ['orders', r.orders],
    ['orders from 1,000 products', r.orders_spread],
  ])
    if (o)
      lines.push(
        t`${name}: ${o.per_s}/s (${o.placed} placed, ${o.refused} refused, ${o.products} product(s)), oversold: ${o.oversold}${o.stock_mismatches ? `, stock mismatches: ${o.stock_mismatches}` : ''}`,
      );
  const w = r.web;
  if (w)
    lines.push(
      t`web: home ${w.home_transfer_kb} KB transferred (first visit, 390 px); LCP (4x CPU slowdown, median of ${w.samples}) home ${w.lcp_home_ms} ms, product ${w.lcp_product_ms} ms, home on a phone ${w.lcp_home_phone_ms} ms`,
    );
  const l = r.web_mobile;
  if (l) {
    lines.push(
      '',
      t`Lighthouse, mobile preset, median of ${l.runs}:`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const page of LIGHTHOUSE_PAGES)
      for (const language of ['en', 'ar']) {
        const f = l[page]?.[language];
        if (f)
          lines.push(
            t`| ${page} ${language} | ${f.performance} | ${f.accessibility} | ${f.best_practices} | ${f.seo} | ${f.lcp_ms} | ${f.cls} | ${f.tbt_ms} |`,
          );
      }
    lines.push('');
  }
  if (r.start)
    lines.push(
      t`start from a fresh clone: first ${r.start.first_s} s (it builds), second ${r.start.second_s} s (npm ci before: ${r.start.npm_ci_s} s)`,
    );
  if (r.rss_mb) lines.push(`API RSS at the end: ${r.rss_mb} MB`);
  const fault = r.page_fault_us === undefined ? '' : `, a page fault ${r.page_fault_us} µs`;
  lines.push(`machine: ${r.cores} cores${fault}, load average ${r.load.before} before, ${r.load.after} at the end`);
  const priorities = Object.entries(r.loads ?? {}).filter(([, l]) => l.generator_nice !== undefined);
  if (priorities.length)
    lines.push(
      `priority (nice) of the load generator / the server: ${priorities
        .map(([part, l]) => `${part} ${l.generator_nice} / ${l.server_nice}`)
        .join(', ')}`,
    );
  return lines;
}
