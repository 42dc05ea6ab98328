import Dialog from '@mui/material/Dialog';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useNotify } from '../lib/notify.ts';
import { NotificationsProvider } from './notifications-provider.tsx';

function SignButton() {
  const notify = useNotify();
  return <button onClick={() => notify({ message: '¡Prescripción firmada!', variant: 'success' })}>Firmar</button>;
}

describe('notifications', () => {
  it('shows a notified message in an alert of its variant', async () => {
    const user = userEvent.setup();
    render(
      <NotificationsProvider>
        <SignButton />
      </NotificationsProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Firmar' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('¡Prescripción firmada!');
    expect(alert.className).toContain('MuiAlert-colorSuccess');
  });

  it('is announced while a dialog hides the rest of the page', async () => {
    const user = userEvent.setup();
    render(
      <NotificationsProvider>
        <Dialog open><SignButton /></Dialog>
      </NotificationsProvider>,
    );

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Firmar' }));

    expect((await screen.findByRole('alert')).textContent).toContain('¡Prescripción firmada!');
  });

  it('replaces an action\'s message on screen with its newer one', async () => {
    const user = userEvent.setup();
    render(
      <NotificationsProvider>
        <SignAttempts />
      </NotificationsProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'PIN equivocado' }));
    expect((await screen.findByRole('alert')).textContent).toContain('¡No se pudo firmar la prescripción!');
    await user.click(screen.getByRole('button', { name: 'PIN correcto' }));

    // Not after the refusal's time on screen: the moment the new message comes.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['¡Prescripción firmada!']);
  });

  it('drops an action\'s waiting message when a newer one of it comes, and keeps the other actions\' in order', async () => {
    const user = userEvent.setup();
    render(
      <NotificationsProvider>
        <SendLinkButton />
        <SignAttempts />
      </NotificationsProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    await user.click(screen.getByRole('button', { name: 'PIN equivocado' }));
    await user.click(screen.getByRole('button', { name: 'PIN correcto' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Enlace enviado.');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe('Enlace enviado.'));
    expect(screen.getByRole('alert').textContent).toBe('¡Prescripción firmada!');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('takes back an action\'s message when the action then works without one', async () => {
    const user = userEvent.setup();
    render(
      <NotificationsProvider>
        <SignAttempts />
      </NotificationsProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'PIN equivocado' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Éxito sin mensaje' }));

    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** One action, tried twice: a refusal, then a success with or without a message. */
function SignAttempts() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify({ message: '¡No se pudo firmar la prescripción!', variant: 'error' })}>PIN equivocado</button>
      <button onClick={() => notify({ message: '¡Prescripción firmada!', variant: 'success' })}>PIN correcto</button>
      <button onClick={() => notify.withdraw()}>Éxito sin mensaje</button>
    </>
  );
}

function SendLinkButton() {
  const notify = useNotify();
  return <button onClick={() => notify({ message: 'Enlace enviado.', variant: 'success' })}>Enviar el enlace</button>;
}
