import { createElement, type ReactNode } from 'react';
import { toast, type Id, type ToastContentProps } from 'react-toastify';

/** The spec's notification toast (section 3): type, title, desc. */
export interface Notification {
  type: 'success' | 'error';
  title: string;
  desc?: string;
}

type NotificationText = Pick<Notification, 'title' | 'desc'>;

/** Title and optional description; `\n` in either (joined validation messages) shows as a line break. */
function NotificationBody({ data }: ToastContentProps<NotificationText>): ReactNode {
  return createElement(
    'div',
    { className: 'bj-toast__body' },
    createElement('p', { className: 'bj-toast__title' }, data.title),
    data.desc ? createElement('p', { className: 'bj-toast__desc' }, data.desc) : null,
  );
}

/** Shows a toast in the app's ToastContainer (src/components/Toasts.tsx). */
export function notify({ type, title, desc }: Notification): Id {
  const data: NotificationText = desc === undefined ? { title } : { title, desc };
  return toast<NotificationText>(NotificationBody, { type, data });
}
