import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileChooserButton } from './file-chooser-button.tsx';

const pdf = new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' });

function renderChooser(props: { disabled?: boolean } = {}) {
  const onFile = vi.fn<(file: File) => void>();
  const { container } = render(
    <FileChooserButton accept="application/pdf" inputName="document" inputLabel="Informe" onFile={onFile} {...props}>
      Adjuntar
    </FileChooserButton>,
  );
  const input = container.querySelector<HTMLInputElement>('input[type=file][name=document]');
  if (!input) throw new Error('No file input');
  return { onFile, input };
}

describe('FileChooserButton', () => {
  it('opens the file picker when the button is clicked', async () => {
    const { input } = renderChooser();
    const openPicker = vi.spyOn(input, 'click');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Adjuntar' }));

    expect(openPicker).toHaveBeenCalledOnce();
  });

  it('hands over the chosen file, also when the same file is chosen twice', async () => {
    const user = userEvent.setup();
    const { onFile } = renderChooser();

    await user.upload(screen.getByLabelText('Informe'), pdf);
    await user.upload(screen.getByLabelText('Informe'), pdf);

    expect(onFile.mock.calls).toEqual([[pdf], [pdf]]);
  });

  it('keeps the input hidden and disabled along with the button', async () => {
    const { onFile, input } = renderChooser({ disabled: true });

    await userEvent.setup().upload(input, pdf);

    expect(input.hidden).toBe(true);
    expect(input.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Adjuntar' })).toHaveProperty('disabled', true);
    expect(onFile).not.toHaveBeenCalled();
  });
});
