import 'i18next';
import type en from './en.json';
import type checkout from './checkout.en.json';
import type admin from './admin.en.json';

// Typed keys: a missing or misspelt text key is a compile error, not a blank on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & { checkout: typeof checkout; admin: typeof admin } };
  }
}
