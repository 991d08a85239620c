import { ADDRESS_INPUT_DEBOUNCE_MS, AUTOCOMPLETE_MAX_RESULTS } from '@gurumatch/shared/constants';
import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { Place, PlaceSuggestion } from '@gurumatch/shared/schemas/geo';
import { useId, useState, type KeyboardEvent } from 'react';

import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlaceSuggestions, useResolvePlace } from '../api.ts';

interface PlaceComboboxProps {
  place: Place | null;
  onPlaceChange: (place: Place | null) => void;
  /** Text to start from, its suggestions shown (the place a visitor searched for). */
  initialText?: string;
}

/**
 * 'Enter Manually': a combobox that suggests places as the user types (asked
 * for once typing pauses), chosen with the mouse or the arrow keys and Enter.
 */
export function PlaceCombobox({ place, onPlaceChange, initialText = '' }: PlaceComboboxProps) {
  const toast = useToast();
  const resolvePlace = useResolvePlace();
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState(initialText);
  const [isOpen, setIsOpen] = useState(initialText !== '');
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isResolving, setIsResolving] = useState(false);

  const settledText = useDebouncedValue(text.trim(), ADDRESS_INPUT_DEBOUNCE_MS);
  const suggestions = usePlaceSuggestions(isOpen ? settledText : '');
  const options = (suggestions.data ?? []).slice(0, AUTOCOMPLETE_MAX_RESULTS);
  const isListShown = isOpen && settledText !== '' && options.length > 0;
  const hasNoMatch = isOpen && settledText !== '' && suggestions.isSuccess && options.length === 0;
  const activeOption = isListShown && activeIndex >= 0 ? options[activeIndex] : undefined;

  const optionId = (index: number) => `${listId}-option-${String(index)}`;

  const choose = async (option: PlaceSuggestion) => {
    setText(option.description);
    setIsOpen(false);
    setActiveIndex(-1);
    setIsResolving(true);
    try {
      const found = await resolvePlace(option.place_id);
      setText(found.formatted_address || option.description);
      onPlaceChange(found);
    } catch (error) {
      onPlaceChange(null);
      const refusal = isRefusal(error) ? error.serverSentence() : undefined;
      toast.error(refusal ?? ADDRESS_MESSAGES.selectValidAddress);
    } finally {
      setIsResolving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) =>
        index < 0 && step < 0
          ? options.length - 1
          : (index + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      void choose(activeOption);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Search your address
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          placeholder="Start typing your area, e.g. HSR Layout"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
            if (place) onPlaceChange(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setIsOpen(false);
            setActiveIndex(-1);
          }}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Address suggestions"
          hidden={!isListShown}
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {isListShown
            ? options.map((option, index) => (
                <li
                  key={option.place_id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void choose(option)}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={`cursor-pointer px-3 py-2.5 text-sm text-slate-800 ${
                    index === activeIndex ? 'bg-brand-50 text-brand-900' : ''
                  }`}
                >
                  {option.description}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        Choose your address from the suggestions.
      </p>
      <div className="min-h-5 text-sm text-slate-600" aria-live="polite">
        {isResolving ? (
          <Spinner size="sm" label="Looking up the address…" />
        ) : suggestions.isFetching && isOpen && settledText !== '' ? (
          <span>Searching…</span>
        ) : hasNoMatch ? (
          <span>No matching places found</span>
        ) : isListShown ? (
          <span className="sr-only">{`${String(options.length)} suggestions available`}</span>
        ) : null}
      </div>
    </div>
  );
}
