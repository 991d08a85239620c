import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { SuggestionInput } from './suggestion-input.tsx';

const SUBJECTS = [
  { id: 'maths', label: 'Mathematics' },
  { id: 'physics', label: 'Physics' },
];

function SubjectBox() {
  const [value, setValue] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SuggestionInput
      label="Subject"
      name="subject"
      value={value}
      placeholder="Subject"
      suggestions={SUBJECTS.filter((subject) =>
        subject.label.toLowerCase().includes(value.toLowerCase()),
      )}
      isOpen={isOpen}
      onValueChange={(text) => {
        setValue(text);
        setIsOpen(text !== '');
      }}
      onSelect={(subject) => {
        setValue(subject.label);
        setIsOpen(false);
      }}
      onClose={() => {
        setIsOpen(false);
      }}
    />
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a suggestion box on a server-rendered page', () => {
  it('takes text typed before the page became interactive as typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SubjectBox />);
    document.body.append(container);
    const box = container.querySelector('input');
    if (!box) throw new Error('no input rendered');
    box.focus();
    box.value = 'math';

    await act(async () => {
      hydrateRoot(container, <SubjectBox />);
      await Promise.resolve();
    });

    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveValue('math');
    expect(screen.getByRole('option', { name: 'Mathematics' })).toBeVisible();
  });
});
