import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { SearchIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';

/** The header search: sends the shopper to /searchResults/{text}. */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query } = useParams();
  const [text, setText] = useState(query ?? '');

  // On a results page the box shows what was searched, also after back/forward.
  useEffect(() => setText(query ?? ''), [query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (search) void navigate(paths.searchResults(search));
  };

  return (
    // Plain elements with Bootstrap's classes: react-bootstrap's Form would bring every form control into the first load.
    <form role="search" onSubmit={submit} className={`search-box d-flex ${className ?? ''}`}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="site-search"
        className="form-control"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
      />
      <button type="submit" className="btn btn-accent" aria-label={t('search.submit')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
