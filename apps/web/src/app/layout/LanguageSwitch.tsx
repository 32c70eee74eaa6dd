import type { MouseEvent } from 'react';
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
  const { pathname, search, hash } = useLocation();
  const other: Language = i18n.language === 'ar' ? 'en' : 'ar';
  // As the server writes it, without the hash it never sees (boot.js adds it to a click before the app runs).
  const href = `${pathIn(pathname, other)}${search}`;

  /**
   * Once the app runs, the page's navigation state goes along: followed as a link, the other language's page would
   * start without it, and the sign-in screen would forget the page it leads back to (its `from`, returnPath.ts). So
   * the new address gets a history entry with this page's state, as following the link would add one, and is loaded
   * afresh into it. Only the app's own state goes, not the router's key for this entry (its scroll position). A click
   * meant for a new tab or window is left to the browser.
   */
  const keepState = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const state: unknown = window.history.state;
    const usr = state && typeof state === 'object' && 'usr' in state ? state.usr : undefined;
    window.history.pushState({ usr }, '', `${href}${hash}`);
    window.location.reload();
  };

  return (
    <a className={className} href={href} hrefLang={other} lang={other} data-language={other} onClick={keepState}>
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
