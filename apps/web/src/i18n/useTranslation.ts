import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from './index';
import type { Language } from './language';

/** The language a part of the page is written in when it is not the page's own (see InLanguage). */
const LanguageScope = createContext<Language | null>(null);

/**
 * Renders `children` in `language` whatever the page's language: every text, price and name inside reads it,
 * through useTranslation. The caller marks the element it wraps with that language and direction.
 */
export function InLanguage({ language, children }: { language: Language; children: ReactNode }) {
  return createElement(LanguageScope.Provider, { value: language }, children);
}

/**
 * The translator for a component. Subscribing to its version renders the component again when the
 * language changes and also when an area's texts land after its first render, so a text shown
 * before its file arrived (in English, or as the key) never stays on screen. Inside InLanguage it is
 * the translator of that language.
 */
export function useTranslation() {
  // The same on the server: a page is rendered there with its language's texts already in.
  useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  const scoped = useContext(LanguageScope);
  const translator = scoped ? i18n.in(scoped) : i18n;
  return { t: translator.t, i18n: translator };
}
