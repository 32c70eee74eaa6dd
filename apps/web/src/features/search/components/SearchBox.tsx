import { useRef, type FormEvent } from 'react';
import { useHref, useNavigate, useParams } from 'react-router';
import { SEARCH_FORM } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { SearchIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { COMBOBOX_ATTRIBUTES, SearchSuggestions } from './SearchSuggestions';

/**
 * The header search: sends the shopper to /searchResults/{text}. Without JavaScript, and until the app has taken
 * the page over (boot.js), it is a plain GET form to /searchResults?q= (the router's base makes it
 * /ar/searchResults on Arabic pages), which the server redirects to the same address.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useHref(SEARCH_FORM.path);
  const { query } = useParams();
  const input = useRef<HTMLInputElement>(null);

  // The box is the browser's own (uncontrolled): what was typed before the app took the page over stays, and a
  // submit reads it from the form. On a results page it shows what was searched: a new search is a new box.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get(SEARCH_FORM.field);
    const search = typeof typed === 'string' ? typed.trim() : '';
    if (search) void navigate(paths.searchResults(search));
  };

  return (
    // Plain elements with Bootstrap's classes: react-bootstrap's Form would bring every form control into the first load.
    <form
      role="search"
      method="get"
      action={action}
      onSubmit={submit}
      className={`search-box d-flex ${className ?? ''}`}
    >
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        ref={input}
        {...COMBOBOX_ATTRIBUTES}
        id="site-search"
        name={SEARCH_FORM.field}
        className="form-control"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('search.placeholder')}
        key={query}
        defaultValue={query}
        maxLength={100}
      />
      <SearchSuggestions input={input} />
      <button type="submit" className="btn btn-accent" aria-label={t('search.submit')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
