import { MAX_SEARCH_LENGTH, routes, searchTexts } from '@tools-factory/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * The box that searches the whole catalog on the server (/search?q=...): on the home page above
 * HOME_PAGE_TOOLS_LIMIT tools, on the category pages and on the search page itself. A plain GET
 * form, so that it searches before the page's script has run too.
 */
export function ToolSearchForm({ q = '' }: { q?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      aria-label={searchTexts.title}
      action={routes.search}
      method="get"
      className="mx-auto mb-8 flex max-w-2xl items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        void navigate(`${routes.search}?${new URLSearchParams({ q: text.trim() })}`);
      }}
    >
      <div className="flex grow flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {searchTexts.title}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          className="input w-full"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          placeholder={searchTexts.prompt}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {searchTexts.submit}
      </button>
    </form>
  );
}
