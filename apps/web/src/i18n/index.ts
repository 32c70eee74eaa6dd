import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import checkout from './checkout.en.json';
import admin from './admin.en.json';

/** One file per area (storefront, checkout, dashboard), so each can be worked on and translated on its own. */
export const resources = { en: { translation: { ...en, checkout, admin } } } as const;

/**
 * One i18next instance for components (through react-i18next) and for code outside React
 * (toasts raised by store thunks). Resources are bundled: the shop has one language today, and
 * Arabic is one more JSON file here, the layout already uses logical (start/end) properties.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
});

/** The Intl locale for numbers and dates in the current language. */
export const intlLocale = (language: string) => (language === 'ar' ? 'ar-EG' : 'en-EG');
