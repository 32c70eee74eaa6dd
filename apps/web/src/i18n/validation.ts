import { MSG } from '@shop/contracts';
import { i18n } from './index';

/** The shared rules speak English (packages/contracts); these keys let every language show them. */
const KEYS = {
  [MSG.required]: 'validation.required',
  [MSG.invalidName]: 'validation.invalidName',
  [MSG.invalidEmail]: 'validation.invalidEmail',
  [MSG.invalidPhone]: 'validation.invalidPhone',
  [MSG.invalidPassword]: 'validation.invalidPassword',
  [MSG.noMatching]: 'validation.noMatching',
  [MSG.requiredField]: 'validation.requiredField',
} as const;

const isKnown = (message: string): message is keyof typeof KEYS => Object.hasOwn(KEYS, message);

/** A rule's message in the current language; a message without a translation is shown as it came. */
export function translateValidation(message: string | undefined): string | undefined {
  return message && isKnown(message) ? i18n.t(KEYS[message]) : message;
}
