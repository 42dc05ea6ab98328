import { messages } from '@receta/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFormResolver } from '../lib/form-resolver.ts';
import { FormTextField } from './form-field.tsx';

const DniFormSchema = z.object({
  dni: z.string().regex(/^\d*$/, messages.registration.onlyDigits).min(6, messages.registration.dniMin),
});

function DniForm() {
  const { control } = useForm({ resolver: zodFormResolver(DniFormSchema), defaultValues: { dni: '' }, mode: 'all' });
  return (
    <form>
      <FormTextField control={control} name="dni" label="DNI" required />
    </form>
  );
}

describe('FormTextField', () => {
  it('shows no error on a required field the user has not reached yet', () => {
    render(<DniForm />);

    expect(screen.getByRole('textbox', { name: /DNI/ }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(messages.common.required)).toBeNull();
  });

  it('asks for a value once the user leaves a required field empty', async () => {
    const user = userEvent.setup();
    render(<DniForm />);

    await user.click(screen.getByRole('textbox', { name: /DNI/ }));
    await user.tab();

    expect(await screen.findByText('Este campo es obligatorio.')).toBeDefined();
    expect(screen.getByRole('textbox', { name: /DNI/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the schema\'s message for a bad value', async () => {
    const user = userEvent.setup();
    render(<DniForm />);

    await user.type(screen.getByRole('textbox', { name: /DNI/ }), '1234');

    expect(await screen.findByText('Debe contener al menos 6 dígitos.')).toBeDefined();
  });

  it('clears the error once the value is valid', async () => {
    const user = userEvent.setup();
    render(<DniForm />);

    await user.type(screen.getByRole('textbox', { name: /DNI/ }), '12345678');
    await user.tab();

    expect(screen.queryByText('Debe contener al menos 6 dígitos.')).toBeNull();
    expect(screen.getByRole('textbox', { name: /DNI/ }).getAttribute('aria-invalid')).toBe('false');
  });
});
