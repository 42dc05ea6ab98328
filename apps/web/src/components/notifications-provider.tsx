import Portal from '@mui/material/Portal';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { NotifyContext, type ActionNotification, type NotificationQueue } from '../lib/notify.ts';

// Most visits to the login page show no message: the snackbar's code loads with the first one.
const NotificationSnackbar = lazy(
  () => import('./notification-snackbar.tsx').then((module) => ({ default: module.NotificationSnackbar })),
);

interface QueuedNotification extends ActionNotification {
  id: number;
}

/**
 * Shows notifications one at a time, in the order they were sent. A new message of an action
 * takes the place of that action's earlier ones, on screen at once or in the queue.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const nextId = useRef(0);
  const [queue, setQueue] = useState<QueuedNotification[]>([]);
  const [closingId, setClosingId] = useState<number | null>(null);
  const current = queue[0];

  const notifications = useMemo<NotificationQueue>(() => ({
    show: (notification) => {
      nextId.current += 1;
      const fresh = { ...notification, id: nextId.current };
      setQueue(([shown, ...waiting]) => {
        const others = waiting.filter((item) => item.action !== notification.action);
        if (!shown) return [fresh];
        return shown.action === notification.action ? [fresh, ...others] : [shown, ...others, fresh];
      });
    },
    withdraw: (action) => setQueue((items) => items.filter((item) => item.action !== action)),
  }), []);

  function close(_event?: unknown, reason?: SnackbarCloseReason) {
    // A click elsewhere on the page should not dismiss a message the user may not have read.
    if (reason === 'clickaway' || !current) return;
    setClosingId(current.id);
  }

  function showNext() {
    setQueue((items) => items.slice(1));
    setClosingId(null);
  }

  return (
    <NotifyContext value={notifications}>
      {children}
      {/*
        Each message in a portal of its own, mounted with it: an open dialog hides the rest of
        the page from assistive technology, and a message in the page would be hidden with it.
      */}
      {current && (
        <Portal key={current.id}>
          <Suspense fallback={null}>
            <NotificationSnackbar
              message={translateMessage(t, current.message)}
              severity={current.variant}
              isOpen={current.id !== closingId}
              closeText={t('notifications.close')}
              onClose={close}
              onExited={showNext}
            />
          </Suspense>
        </Portal>
      )}
    </NotifyContext>
  );
}
