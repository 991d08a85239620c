import { SUBJECTS } from '@gurumatch/shared/catalogues/subjects';
import { SUBJECT_SUGGESTIONS_MAX } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { useCallback, useState } from 'react';

import { SuggestionInput, type Suggestion } from './suggestion-input.tsx';

/** Up to six subjects whose name contains the text, ignoring case. */
export function matchSubjects(text: string): Suggestion[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return SUBJECTS.filter((subject) => subject.toLowerCase().includes(needle))
    .slice(0, SUBJECT_SUGGESTIONS_MAX)
    .map((subject) => ({ id: subject, label: subject }));
}

/** The hero's subject box: suggestions from the subject catalogue while typing. */
export function SubjectSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => {
    setIsOpen(false);
  }, []);

  return (
    <SuggestionInput
      label="Subject"
      name="subject"
      value={value}
      placeholder="e.g. Mathematics"
      suggestions={isOpen ? matchSubjects(value) : []}
      isOpen={isOpen && value.trim() !== ''}
      emptyMessage={MESSAGES.noMatchingSubjects}
      onValueChange={(text) => {
        onChange(text);
        setIsOpen(text.trim() !== '');
      }}
      onSelect={(suggestion) => {
        onChange(suggestion.label);
        setIsOpen(false);
      }}
      onClose={close}
    />
  );
}
