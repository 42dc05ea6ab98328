import Dialog from '@mui/material/Dialog';
import { render, screen, within } from '@testing-library/react';
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
});
