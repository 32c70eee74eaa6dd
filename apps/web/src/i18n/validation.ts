import { languageOf, translate } from '@shop/contracts';
import { i18n } from './index';

/**
 * A shared rule's message (packages/contracts speaks English) in the current language, through the
 * same translator the API uses, so each Arabic text lives once; an unknown message is shown as it came.
 */
export function translateValidation(message: string | undefined): string | undefined {
  return message && translate(message, languageOf(i18n.language));
}
