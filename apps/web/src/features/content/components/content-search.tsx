import { CONTENT_SEARCH_DEBOUNCE_MS } from '@gurumatch/shared/constants';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';

import { useNavigate, useSearchParams } from '../../../lib/router/index.ts';

interface ContentSearchProps {
  /** The list's path, e.g. '/blogs'; the form also works without scripts (GET to this path). */
  basePath: string;
  label: string;
  placeholder: string;
  /** Further controls of the same form (the FAQ category select). */
  children?: ReactNode;
}

/** `?search=` as it would be after `text`: the page goes back to the first. */
function nextQuery(current: URLSearchParams, text: string): string {
  const params = new URLSearchParams(current);
  params.delete('page');
  const search = text.trim();
  if (search) params.set('search', search);
  else params.delete('search');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The search box of the blog and FAQ lists: the address follows the text once typing
 * pauses (300 ms), so the page's loader fetches once per pause, not per key.
 */
export function ContentSearch({ basePath, label, placeholder, children }: ContentSearchProps) {
  const inputId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlSearch = searchParams.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  /** The search this box last put in the address. */
  const [requested, setRequested] = useState(urlSearch);
  const timer = useRef<number | undefined>(undefined);
  const latestParams = useRef(searchParams);

  // The address changed by other means (back button, a link): show its search text.
  if (urlSearch !== shownUrlSearch) {
    setShownUrlSearch(urlSearch);
    if (urlSearch !== requested) {
      setRequested(urlSearch);
      setText(urlSearch);
    }
  }

  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const apply = (value: string) => {
    window.clearTimeout(timer.current);
    const query = nextQuery(latestParams.current, value);
    const currentQuery = latestParams.current.toString();
    if (query === (currentQuery ? `?${currentQuery}` : '')) return;
    setRequested(value.trim());
    void navigate(`${basePath}${query}`, { replace: true });
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(text);
  };

  return (
    <form
      role="search"
      aria-label={label}
      action={basePath}
      method="get"
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          name="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => {
              apply(value);
            }, CONTENT_SEARCH_DEBOUNCE_MS);
          }}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
        />
      </div>
      {children}
    </form>
  );
}
