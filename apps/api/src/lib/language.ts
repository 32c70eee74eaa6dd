import { LANGUAGES, type Language } from '@shop/contracts';

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/**
 * The shop language an Accept-Language header prefers: the supported language with the highest
 * q-value ('fr, ar;q=0.5' → Arabic, 'ar;q=0.2, en' → English); English when none is named.
 */
export function preferredLanguage(header: string | string[] | undefined): Language {
  let best: Language = 'en';
  let bestQ = 0;
  for (const entry of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLanguage(primary) || !(q > bestQ)) continue;
    best = primary;
    bestQ = q;
  }
  return best;
}
