import {
  homeTexts,
  isToolSort,
  MAX_SEARCH_LENGTH,
  type SearchQuery,
  TOOL_SORTS,
  type ToolSort,
} from '@tools-factory/contract';
import { useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';

/** The id of the search box, which Clear search gives the focus back to. */
export const TOOL_SEARCH_INPUT_ID = 'tool-search';

/** Marks the history entries that typing replaced (the box then keeps what is being typed). */
const TYPING_STATE = { toolSearchTyping: true } as const;

function isTyping(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'toolSearchTyping' in state;
}

export type ToolSearch = {
  /** What the URL asks for (/?q=saw&sort=price); a sort it does not know is ignored. */
  query: SearchQuery & { q: string };
  /** Typing: replaces the history entry, so Back skips the keystrokes. */
  type(q: string): void;
  /** A sort change pushes an entry: Back restores the previous order. */
  sortBy(sort: ToolSort | undefined): void;
  /** Empties the search (an entry of its own), keeping the sort. */
  clear(): void;
};

/** The search and sort of OUR TOOLS, kept in the URL's query string. */
export function useToolSearch(): ToolSearch {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const rawSort = params.get('sort');
  const sort = isToolSort(rawSort) ? rawSort : undefined;

  function change(name: 'q' | 'sort', value: string | undefined, typing: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: typing, preventScrollReset: true, state: typing ? TYPING_STATE : undefined },
    );
  }

  return {
    query: sort ? { q, sort } : { q },
    type: (text) => change('q', text, true),
    sortBy: (value) => change('sort', value, false),
    clear: () => {
      change('q', undefined, false);
      document.getElementById(TOOL_SEARCH_INPUT_ID)?.focus();
    },
  };
}

/**
 * What the box shows: what is typed, which may run ahead of the URL while it updates; any other
 * navigation (Back, Clear search, a link to /) shows the URL's search again.
 */
function useTypedText(q: string): [string, (text: string) => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(q);
  const [shownKey, setShownKey] = useState(location.key);
  if (shownKey !== location.key) {
    setShownKey(location.key);
    const ownTyping = navigationType === 'REPLACE' && isTyping(location.state);
    if (!ownTyping && text !== q) setText(q);
  }
  return [text, setText];
}

/** A control with its label above it. */
function LabelledControl(props: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${props.className}`}>
      <label htmlFor={props.id} className="text-sm font-semibold">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** The search box and the sort control above the OUR TOOLS grid. */
export function ToolsSearch({ search }: { search: ToolSearch }) {
  const [text, setText] = useTypedText(search.query.q);
  const sortId = useId();
  return (
    <form
      role="search"
      aria-label={homeTexts.search.label}
      className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <LabelledControl id={TOOL_SEARCH_INPUT_ID} label={homeTexts.search.label} className="grow">
        <input
          id={TOOL_SEARCH_INPUT_ID}
          type="search"
          className="input w-full"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            search.type(event.target.value);
          }}
        />
      </LabelledControl>
      <LabelledControl id={sortId} label={homeTexts.search.sortLabel} className="sm:w-56">
        <select
          id={sortId}
          className="select w-full"
          value={search.query.sort ?? ''}
          onChange={(event) =>
            search.sortBy(isToolSort(event.target.value) ? event.target.value : undefined)
          }
        >
          <option value="">{homeTexts.search.catalogOrder}</option>
          {TOOL_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {homeTexts.search.sorts[sort]}
            </option>
          ))}
        </select>
      </LabelledControl>
    </form>
  );
}
