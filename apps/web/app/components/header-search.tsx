import { Form, useNavigate } from 'react-router';
import { useState, type FormEvent } from 'react';
import { MESSAGES, SEARCH_MIN_CHARS } from '@sf/shared';
import { SearchIcon } from './icons.tsx';
import { useToast } from './toasts.tsx';

/** The header's part search: a plain GET form, checked for length once JavaScript runs. */
export function HeaderSearch({ id = 'header-search' }: { id?: string }) {
  const [text, setText] = useState('');
  const notify = useToast();
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = text.trim();
    if (q.length <= SEARCH_MIN_CHARS) {
      notify('warning', MESSAGES.searchTooShort);
      return;
    }
    setText('');
    navigate(`/products/cat/0?active=true&prodName=${encodeURIComponent(q)}`);
  };
  return (
    <Form method="get" action="/products/cat/0" role="search" onSubmit={onSubmit} className="relative flex w-full">
      <input type="hidden" name="active" value="true" />
      <label htmlFor={id} className="sr-only">Search spare parts</label>
      <input
        id={id}
        name="prodName"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search parts, e.g. Corolla headlamp"
        autoComplete="off"
        className="input rounded-r-none border-r-0"
      />
      <button type="submit" className="btn-accent rounded-l-none px-3" aria-label="Search"><SearchIcon size={20} /></button>
    </Form>
  );
}
