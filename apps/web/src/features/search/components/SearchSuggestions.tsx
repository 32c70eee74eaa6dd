import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { useSuggestSearchQuery } from '../api/searchApi';

/** Typing pauses this long before suggestions are asked for: not a request per key. */
const PAUSE_MS = 150;
/** Suggestions start at this many characters: one letter matches half the catalogue. */
const MIN_CHARS = 2;

/** The list's id: one search box a page. */
const LIST_ID = 'site-search-suggestions';

/**
 * What the search box's input carries from the server's markup on, so that it is the same control before and after
 * the app takes over: a combobox whose list is closed until suggestions come.
 */
export const COMBOBOX_ATTRIBUTES = {
  role: 'combobox',
  'aria-autocomplete': 'list',
  'aria-controls': LIST_ID,
  'aria-expanded': false,
} as const;

interface Suggestion {
  id: string;
  label: string;
  to: string;
}

/**
 * Suggestions while typing in the search box: an ARIA 1.2 combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/)
 * over the box's own input, which stays the form's field: the form works as before without the script, and this
 * only adds the list once the app runs. Down and Up move through the products, brands and categories (the input
 * keeps the focus; aria-activedescendant names the option), Enter opens the one chosen (with none, the form sends
 * the text), Escape closes the list; the count is announced. Names come in the language typed.
 */
export function SearchSuggestions({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = LIST_ID;
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { data } = useSuggestSearchQuery(asked, { skip: asked.length < MIN_CHARS });

  const groups = useMemo(() => {
    if (!data || asked.length < MIN_CHARS) return [];
    const all = [
      {
        key: 'products',
        label: t('search.suggestions.products'),
        items: data.products.map((p) => ({ id: `product-${p._id}`, label: p.name, to: paths.product(p._id) })),
      },
      {
        key: 'brands',
        label: t('search.suggestions.brands'),
        items: data.brands.map((b) => ({ id: `brand-${b}`, label: b, to: paths.searchResults(b) })),
      },
      {
        key: 'categories',
        label: t('search.suggestions.categories'),
        items: data.categories.map((c) => ({ id: `category-${c._id}`, label: c.name, to: paths.category(c._id) })),
      },
    ];
    return all.filter((group) => group.items.length);
  }, [data, asked, t]);
  const options: Suggestion[] = groups.flatMap((group) => group.items);
  const shown = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // Asked for once typing pauses; the list shows what the text asked last answered.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setActive(-1), [data]);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    void navigate(suggestion.to);
  };

  // The box's input is the combobox (COMBOBOX_ATTRIBUTES): its state and keys are kept here, so the form keeps its
  // own markup and handlers.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => {
      setText(box.value);
      setOpen(true);
    };
    const onBlur = () => setOpen(false);
    box.addEventListener('input', onInput);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('blur', onBlur);
    };
  }, [input]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) box.setAttribute('aria-activedescendant', optionId(active));
    else box.removeAttribute('aria-activedescendant');
  });

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!options.length) return;
        event.preventDefault();
        setOpen(true);
        const count = options.length;
        const down = event.key === 'ArrowDown';
        // Round the list: past the last comes the first, before the first the last.
        setActive((current) => {
          if (!shown) return down ? 0 : count - 1;
          if (down) return (current + 1) % count;
          return current <= 0 ? count - 1 : current - 1;
        });
      } else if (event.key === 'Escape' && shown) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (event.key === 'Enter' && shown && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    };
    box.addEventListener('keydown', onKey);
    return () => box.removeEventListener('keydown', onKey);
  });

  let index = -1;
  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions.label')}
        className="search-suggestions"
        hidden={!shown}
      >
        {shown &&
          groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
              <div id={`${listId}-${group.key}`} role="presentation" className="search-suggestions-heading">
                {group.label}
              </div>
              {group.items.map((item) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={item.id}
                    id={optionId(at)}
                    role="option"
                    // Focus stays in the box (aria-activedescendant); an option takes it only from a pointer.
                    tabIndex={-1}
                    aria-selected={at === active}
                    className={`search-suggestion${at === active ? ' active' : ''}`}
                    // Chosen on mouse down, before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(item);
                    }}
                  >
                    <bdi>{item.label}</bdi>
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {open && asked.length >= MIN_CHARS && data ? t('search.suggestions.count', { count: options.length }) : ''}
      </div>
    </>
  );
}
