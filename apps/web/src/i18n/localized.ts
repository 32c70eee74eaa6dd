import { localDescription, localName, localWarranty, type Described, type Named } from '@shop/contracts';
import { useTranslation } from './useTranslation';

// Shared with the server, which names the catalogue the same way in the pages' heads.
export { localDescription, localName, type Described, type LocalText, type Named } from '@shop/contracts';

/** The catalogue's names and descriptions in the page's language; `.text` for strings (labels, toasts), the whole for elements. */
export function useLocalized() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    name: (item: Named) => localName(item, language),
    description: (item: Described) => localDescription(item, language),
    warranty: (item: Parameters<typeof localWarranty>[0]) => localWarranty(item, language),
  };
}
