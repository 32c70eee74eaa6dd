import { languageOf, render } from '@shop/contracts';
import { i18n } from './index';

/**
 * A shared rule's message (packages/contracts reports it by key) in the current language, rendered as
 * the API renders it, so each Arabic text lives once; any other text is shown as it came.
 */
export function translateValidation(message: string | undefined): string | undefined {
  return message && render(message, languageOf(i18n.language));
}
