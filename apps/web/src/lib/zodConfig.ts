/*
 * The shop's Content-Security-Policy allows no eval. Zod probes for it with `new Function('')` the first
 * time it parses an object: the probe's error is caught, but the browser still reports a CSP violation
 * on every form. `jitless` makes zod skip the probe (and its compiled fast path).
 *
 * Zod keeps its global settings on `globalThis.__zod_globalConfig` and adopts an object already there,
 * so the setting is made without importing zod: the forms' chunks bring zod when they load, and the
 * first-load bundle stays without it (`z.config()` from 'zod/v4/core' would add about 11 kB to it).
 * The e2e suite fails on any CSP violation, so a zod upgrade that moved this setting would be noticed.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// The same object zod uses, whether zod has loaded already or not.
globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
