import 'i18next';
import type { resources } from './index';

// Typed keys: a missing or misspelt text key is a compile error, not a blank on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof resources)['en'];
  }
}
