-- Prints wrk's figures as one JSON line so run.mjs can read them.
done = function(summary, latency, requests)
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"bytes":%d}\n',
    summary.requests, summary.duration,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, latency:percentile(50), latency:percentile(95), latency:percentile(99), summary.bytes))
end
