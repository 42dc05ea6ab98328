import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from './api-client.ts';
import { NotifyContext, type NotificationQueue } from './notify.ts';
import { useServerForm } from './use-server-form.ts';

const NameSchema = z.object({ name: z.string().trim().min(2, 'Muy corto.') });

function NameForm({ save, onSaved }: {
  save: (values: { name: string }) => Promise<string>;
  onSaved?: (answer: string) => void;
}) {
  const { register, formState, submitWith } = useServerForm({ schema: NameSchema, defaultValues: { name: '' } });
  return (
    <form onSubmit={submitWith(save, { success: (answer) => `${answer} guardado.`, onSaved })}>
      <input aria-label="Nombre" {...register('name')} />
      {formState.errors.name && <p role="alert">{formState.errors.name.message}</p>}
      <button type="submit">Guardar</button>
    </form>
  );
}

async function submitName(name: string, props: Parameters<typeof NameForm>[0]) {
  const queue = { show: vi.fn<NotificationQueue['show']>(), withdraw: vi.fn<NotificationQueue['withdraw']>() };
  const user = userEvent.setup();
  render(<NotifyContext.Provider value={queue}><NameForm {...props} /></NotifyContext.Provider>);
  await user.type(screen.getByLabelText('Nombre'), name);
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  return queue.show;
}

describe('useServerForm', () => {
  it('sends the schema\'s output, shows the success message and then runs what follows', async () => {
    const calls: string[] = [];
    const save = vi.fn(async (values: { name: string }) => {
      calls.push(`save ${values.name}`);
      return values.name;
    });
    const notify = await submitName('  Ana  ', { save, onSaved: (answer) => calls.push(`saved ${answer}`) });

    await vi.waitFor(() => expect(calls).toEqual(['save Ana', 'saved Ana']));
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'Ana guardado.', variant: 'success' }));
  });

  it('sends nothing while the schema refuses the values', async () => {
    const save = vi.fn(async () => 'Ana');
    const notify = await submitName('A', { save });

    expect((await screen.findByRole('alert')).textContent).toBe('Muy corto.');
    expect(save).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('puts a server refusal on the field it names and notifies its message, without what follows', async () => {
    const onSaved = vi.fn();
    const refusal = new ApiRequestError({
      statusCode: 409, error: 'Conflict', message: 'Ese nombre ya existe.', errorCode: 'slugTaken',
      fields: [{ field: 'body.name', message: 'Ese nombre ya existe.' }],
    });
    const notify = await submitName('Ana', { save: () => Promise.reject(refusal), onSaved });

    expect((await screen.findByRole('alert')).textContent).toBe('Ese nombre ya existe.');
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'Ese nombre ya existe.', variant: 'error' }));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
