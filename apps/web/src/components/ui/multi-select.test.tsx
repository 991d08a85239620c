import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { formatSummary, MultiSelect } from './multi-select.tsx';

const SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Hindi'];

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <MultiSelect
        label="Subjects"
        options={SUBJECTS}
        value={value}
        onChange={setValue}
        placeholder="Select subjects"
      />
      <output data-testid="value">{value.length > 0 ? value.join('|') : null}</output>
    </form>
  );
}

describe('MultiSelect', () => {
  it('sums up the choice as the first 3 then +N more', () => {
    expect(formatSummary(['A', 'B'])).toBe('A, B');
    expect(formatSummary(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C +2 more');
    render(<Harness initial={['Mathematics', 'Physics', 'Chemistry', 'Biology']} />);

    expect(screen.getByRole('button', { name: /^Subjects/ })).toHaveAccessibleName(
      'Subjects Mathematics, Physics, Chemistry +1 more',
    );
  });

  it('opens a searchable list of checkboxes and toggles with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: /^Subjects/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Subjects Select subjects');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Search Subjects')).toHaveFocus();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);

    await user.type(screen.getByLabelText('Search Subjects'), 'is');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Chemistry',
      'English',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Chemistry' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Chemistry');

    await user.clear(screen.getByLabelText('Search Subjects'));
    await user.type(screen.getByLabelText('Search Subjects'), 'zzz');
    expect(screen.getAllByText('No matching options')).not.toHaveLength(0);
  });

  it('works from the keyboard: Enter picks the first match, arrows move, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: /^Subjects/ });

    toggle.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('phy{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Physics');

    await user.clear(screen.getByLabelText('Search Subjects'));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('checkbox', { name: 'Mathematics' })).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByRole('checkbox', { name: 'Physics' })).not.toBeChecked();
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByTestId('value')).toHaveTextContent('Chemistry');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows chosen items as chips that can be removed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['English', 'Hindi']} />);
    const chips = within(screen.getByRole('list', { name: 'Selected Subjects' }));
    expect(chips.getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove English' }));

    expect(screen.getByTestId('value')).toHaveTextContent(/^Hindi$/);
    expect(screen.getByRole('button', { name: /^Subjects/ })).toHaveFocus();
  });

  it('closes when the user clicks elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <p>Elsewhere</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: /^Subjects/ }));
    expect(screen.getByLabelText('Search Subjects')).toBeInTheDocument();

    await user.click(screen.getByText('Elsewhere'));

    expect(screen.queryByLabelText('Search Subjects')).not.toBeInTheDocument();
  });
});
