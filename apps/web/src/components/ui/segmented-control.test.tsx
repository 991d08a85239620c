import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { SegmentedControl } from './segmented-control.tsx';

function Harness() {
  const [value, setValue] = useState<'whatsapp' | 'sms'>('whatsapp');
  return (
    <SegmentedControl
      label="Send the code by"
      options={[
        { value: 'whatsapp', label: 'WhatsApp' },
        { value: 'sms', label: 'SMS' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

describe('SegmentedControl', () => {
  it('is a named radio group that changes by click and by arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Send the code by' })).toBeInTheDocument();
    const whatsapp = screen.getByRole('radio', { name: 'WhatsApp' });
    const sms = screen.getByRole('radio', { name: 'SMS' });
    expect(whatsapp).toBeChecked();

    await user.click(sms);
    expect(sms).toBeChecked();
    expect(whatsapp).not.toBeChecked();

    await user.keyboard('{ArrowLeft}');
    expect(whatsapp).toBeChecked();
  });
});
