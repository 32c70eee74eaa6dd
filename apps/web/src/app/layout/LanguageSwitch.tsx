import { switchLanguage } from '../../i18n';
import { LANGUAGE_NAMES, type Language } from '../../i18n/language';
import { useTranslation } from '../../i18n/useTranslation';

/** English ⇄ العربية: one button offering the other language, named in that language; it opens the same page in it. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useTranslation();
  const other: Language = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className={className} lang={other} onClick={() => switchLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
