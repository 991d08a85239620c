import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { FileInput } from './file-input.tsx';

function renderPicker(chosenName: string | null = null) {
  const onFileChange = vi.fn();
  render(
    <FileInput
      label="ID Proof"
      accept="image/*"
      maxBytes={2 * 1024 * 1024}
      kindHint="An image"
      onFileChange={onFileChange}
      chosenName={chosenName}
    />,
  );
  return onFileChange;
}

describe('FileInput', () => {
  it('says in full that no file is chosen, once, and offers a Choose file button', () => {
    renderPicker();
    const input = screen.getByLabelText('ID Proof');
    expect(input).toHaveAccessibleDescription('An image, up to 2 MB. No file chosen.');
    expect(screen.getAllByText(/chosen/i)).toHaveLength(1);
    expect(screen.getByText('Choose file')).toBeInTheDocument();
  });

  it('names the chosen file on one line and hands the file over', async () => {
    const onFileChange = renderPicker('me.png');
    expect(screen.getAllByText(/chosen/i)).toHaveLength(1);
    expect(screen.getByText('me.png')).toBeInTheDocument();
    const file = new File(['x'], 'you.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByLabelText('ID Proof'), file);
    expect(onFileChange).toHaveBeenCalledWith(file);
  });
});
