import { createContext, useContext, useId, useMemo } from 'react';

export type NotificationVariant = 'success' | 'warning' | 'error' | 'info';

export interface Notification {
  /** Spanish text, usually one of the domain messages; it is translated when shown. */
  message: string;
  variant: NotificationVariant;
}

/** A message with the action it tells about: a newer message of that action replaces it. */
export interface ActionNotification extends Notification {
  action: string;
}

export interface NotificationQueue {
  show: (notification: ActionNotification) => void;
  withdraw: (action: string) => void;
}

export type Notify = ((notification: Notification) => void) & {
  /** Takes back what the action said before, when it then worked without a message of its own. */
  withdraw: () => void;
};

export const NotifyContext = createContext<NotificationQueue | null>(null);

/**
 * Shows a timed message at the top of the screen (spec section 8, "Other"). The messages of one
 * action replace each other, so only the newest says what happened: after a wrong PIN and then
 * the right one, only '¡Prescripción firmada!' shows. An action is the calling component unless
 * it is named, for the steps of one action that different components show (a sign-in's password
 * and code).
 */
export function useNotify(action?: string): Notify {
  const queue = useContext(NotifyContext);
  if (!queue) throw new Error('useNotify must be used inside <NotificationsProvider>');
  const component = useId();
  const key = action ?? component;
  return useMemo(
    () => Object.assign(
      (notification: Notification) => queue.show({ ...notification, action: key }),
      { withdraw: () => queue.withdraw(key) },
    ),
    [queue, key],
  );
}
