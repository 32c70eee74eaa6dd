import { useLocation } from 'react-router';
import { pathIn } from '@shop/contracts';
import { LANGUAGE_NAMES, type Language } from '../../i18n/language';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * English ⇄ العربية: a link to the same page at the other language's address, named in that language. A plain
 * link, loaded afresh (the head and the router's base are the language's own), so it works before the app has
 * taken the page over and without JavaScript; boot.js remembers the choice as it is followed (data-language).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const other: Language = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <a
      className={className}
      href={`${pathIn(pathname, other)}${search}`}
      hrefLang={other}
      lang={other}
      data-language={other}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
