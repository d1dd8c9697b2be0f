import { Form, useNavigate } from 'react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DEBOUNCE_SERVER_MS, SEARCH_MIN_CHARS } from '@sf/shared/constants';
import { MESSAGES } from '@sf/shared/messages';
import { plural } from '@sf/shared/words';
import { browserApi } from '../lib/api.ts';
import { SearchIcon } from './icons.tsx';
import { useToast } from './toasts.tsx';

export interface Suggestion {
  key: string;
  label: string;
  href: string;
  kind?: 'part' | 'link';
}

/** Part suggestions for the text, asked for only above 3 characters and after 500 ms of quiet. */
function usePartSuggestions(text: string): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  const q = text.trim();
  useEffect(() => {
    if (q.length <= SEARCH_MIN_CHARS) {
      // (the same list kept when already empty: a new one would render the header again)
      setItems((prev) => (prev.length ? [] : prev));
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      const ans = await browserApi.get<{ id: number; name: string }>(
        `/api/products/search?prodName=${encodeURIComponent(q)}`,
      );
      if (live)
        setItems(
          ans.status && ans.items
            ? ans.items.map((i) => ({
                key: `p${i.id}`,
                label: i.name,
                href: `/product/${i.id}`,
                kind: 'part' as const,
              }))
            : [],
        );
    }, DEBOUNCE_SERVER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  return items;
}

/**
 * The header's part search: a plain GET form (works before JavaScript), checked for length
 * once live, with part suggestions as a listbox (arrow keys, Enter, Escape). Choosing a
 * suggestion opens it and clears the box. `extra` adds links after the parts
 * (the home SEARCH tab adds mechanics and tow vans); `everything` sends the text to the
 * search of parts, mechanics and tow vans instead of the parts list.
 */
export function HeaderSearch({
  id = 'header-search',
  extra,
  placeholder = 'Search parts, e.g. Corolla headlamp',
  label = 'Search spare parts',
  everything = false,
  defaultValue = '',
}: {
  id?: string;
  extra?: (q: string) => Suggestion[];
  placeholder?: string;
  label?: string;
  everything?: boolean;
  defaultValue?: string;
}) {
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const notify = useToast();
  const navigate = useNavigate();
  const listId = `${useId()}-list`;
  const input = useRef<HTMLInputElement>(null);
  const parts = usePartSuggestions(text);
  const q = text.trim();
  const options = [...parts, ...(extra && q.length > SEARCH_MIN_CHARS ? extra(q) : [])];
  const shown = open && options.length > 0;

  useEffect(() => setActive(-1), [parts]);

  const choose = (s: Suggestion) => {
    setText('');
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    navigate(s.href);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (shown && active >= 0 && options[active]) return choose(options[active]);
    if (q.length <= SEARCH_MIN_CHARS) {
      notify('warning', MESSAGES.searchTooShort);
      return;
    }
    setOpen(false);
    if (everything) return navigate(`/search?q=${encodeURIComponent(q)}`);
    setText('');
    navigate(`/products/cat/0?active=true&prodName=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const n = options.length;
      // Past the last option (or above the first) the focus returns to the text, as in the APG combobox.
      setActive((a) =>
        e.key === 'ArrowDown' ? (a >= n - 1 ? -1 : a + 1) : a <= -1 ? n - 1 : a - 1,
      );
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };
  const activeIndex = active >= options.length ? -1 : active;

  return (
    <Form
      method="get"
      action={everything ? '/search' : '/products/cat/0'}
      role="search"
      onSubmit={onSubmit}
      className="relative flex w-full"
    >
      {!everything && <input type="hidden" name="active" value="true" />}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={everything ? 'q' : 'prodName'}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        placeholder={placeholder}
        autoComplete="off"
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-describedby={`${id}-hint`}
        className="input rounded-r-none border-r-0"
      />
      <span id={`${id}-hint`} className="sr-only">
        Type more than 3 characters for suggestions; use the arrow keys to choose one.
      </span>
      <button type="submit" className="btn-accent rounded-l-none px-3" aria-label="Search">
        <SearchIcon size={20} />
      </button>
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-[var(--radius-card)] bg-white py-1 text-gray-900 shadow-lg ring-1 ring-black/10"
        >
          {options.map((s, i) => (
            <li
              key={s.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm ${i === activeIndex ? 'bg-brand-50 text-brand-900' : 'hover:bg-gray-50'} ${s.kind === 'link' ? 'border-t border-gray-100 font-semibold text-brand-800' : ''}`}
            >
              {s.kind !== 'link' && <SearchIcon size={16} className="shrink-0 text-gray-500" />}
              <span className="line-clamp-2">{s.label}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="sr-only" aria-live="polite">
        {shown ? plural(options.length, 'suggestion') : ''}
      </span>
    </Form>
  );
}
