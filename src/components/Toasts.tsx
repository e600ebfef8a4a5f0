import { cssTransition, ToastContainer, type ToastContainerProps } from 'react-toastify';
import '../styles/tokens.css';
import '../styles/toasts.css';

/** Fade in over 400 ms, out over 40 ms (product spec, section 9); the keyframes are in toasts.css. */
const toastFade = cssTransition({
  enter: 'bj-toast-fade-in',
  exit: 'bj-toast-fade-out',
});

/** The toast settings of the product spec (sections 4 and 9). */
export const toastSettings = {
  position: 'top-right',
  // Newest at the bottom: the stack grows downward from the top right.
  newestOnTop: false,
  autoClose: 10_000,
  closeOnClick: true,
  transition: toastFade,
  theme: 'colored',
  toastClassName: 'bj-toast',
} as const satisfies ToastContainerProps;

/** The one toast container of the app; `notify` (src/lib/toast.ts) shows toasts in it. */
export function Toasts() {
  return <ToastContainer {...toastSettings} />;
}
