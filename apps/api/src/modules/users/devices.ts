/**
 * What a sign-in's user agent says of the device, in the names people know it by: the shopper recognises "Chrome on
 * Android", not the header. Names are the products' own and read the same in Arabic. Unrecognised parts are null.
 */
export interface Device {
  browser: string | null;
  system: string | null;
}

// The more specific first: Edge, Opera and Samsung Internet also call themselves Chrome, and Chrome calls itself Safari.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// Android says Linux, and an iPhone or iPad says Mac OS X.
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstNamed = (userAgent: string, names: readonly (readonly [RegExp, string])[]) =>
  names.find(([mark]) => mark.test(userAgent))?.[1] ?? null;

export const deviceOf = (userAgent: string): Device => ({
  browser: firstNamed(userAgent, BROWSERS),
  system: firstNamed(userAgent, SYSTEMS),
});
