import { createContext, useContext } from 'react';

export type NotificationVariant = 'success' | 'warning' | 'error' | 'info';

export interface Notification {
  /** Spanish text, usually one of the domain messages; it is translated when shown. */
  message: string;
  variant: NotificationVariant;
}

export type Notify = (notification: Notification) => void;

export const NotifyContext = createContext<Notify | null>(null);

/** Shows a timed message at the top of the screen (spec section 8, "Other"). */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notify;
}
