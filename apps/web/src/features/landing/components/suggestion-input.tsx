import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEventHandler,
  type KeyboardEvent,
} from 'react';

export interface Suggestion {
  id: string;
  label: string;
}

interface SuggestionInputProps {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  suggestions: readonly Suggestion[];
  isOpen: boolean;
  /** Shown in the open list when there is nothing to suggest; the list stays closed without it. */
  emptyMessage?: string;
  /** Read out politely to screen readers (e.g. 'Fetching...'). */
  status?: string;
  onValueChange: (value: string) => void;
  onSelect: (suggestion: Suggestion) => void;
  onClose: () => void;
  onFocus?: FocusEventHandler<HTMLInputElement>;
}

/**
 * A text box with a list of suggestions (the ARIA combobox pattern): arrow keys move
 * through the list, Enter picks, Escape, a click outside or focus moving on closes it
 * (suggestions that arrive after the visitor has moved to the next field stay closed).
 */
export function SuggestionInput({
  label,
  name,
  value,
  placeholder,
  suggestions,
  isOpen,
  emptyMessage,
  status,
  onValueChange,
  onSelect,
  onClose,
  onFocus,
}: SuggestionInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const hasSuggestions = suggestions.length > 0;
  const isListShown = isOpen && (hasSuggestions || emptyMessage !== undefined);
  const active = isListShown ? suggestions[activeIndex] : undefined;

  useEffect(() => {
    if (!isListShown) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePress);
    };
  }, [isListShown, onClose]);

  // Text typed into the server's page before the app took it over counts as typed.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== value) onValueChange(typed);
    // Once, when the page becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (suggestion: Suggestion) => {
    setActiveIndex(-1);
    onSelect(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isListShown || !hasSuggestions) {
      if (event.key === 'Escape' && isListShown) onClose();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      setActiveIndex(-1);
      onClose();
    }
  };

  return (
    <div ref={wrapper} className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        // Expanded only while the list of options shows; the no-match line is a status.
        aria-expanded={isListShown && hasSuggestions}
        aria-controls={hasSuggestions ? listId : undefined}
        aria-activedescendant={active ? `${id}-option-${String(activeIndex)}` : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          setActiveIndex(-1);
          onValueChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={(event) => {
          if (wrapper.current?.contains(event.relatedTarget)) return;
          setActiveIndex(-1);
          onClose();
        }}
        className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
      />
      {status ? (
        <span role="status" className="sr-only">
          {status}
        </span>
      ) : null}
      <div
        hidden={!isListShown}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {hasSuggestions ? (
          <ul id={listId} role="listbox" aria-label={`${label} suggestions`}>
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.id}
                id={`${id}-option-${String(index)}`}
                role="option"
                aria-selected={index === activeIndex}
                onPointerDown={(event) => {
                  // Keep focus in the input while the option is chosen.
                  event.preventDefault();
                }}
                onClick={() => {
                  choose(suggestion);
                }}
                className={`cursor-pointer px-3 py-2.5 text-left ${index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-50'}`}
              >
                {suggestion.label}
              </li>
            ))}
          </ul>
        ) : null}
        {isListShown && !hasSuggestions ? (
          <p role="status" className="px-3 py-2.5 text-left text-slate-600">
            {emptyMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}
