import { notify } from './toast';

export const FALLBACK_ERROR_MESSAGE = 'Terjadi kesalahan.';

/**
 * The product spec's error catalogue (section 8): a string as is; an object whose `message` is a
 * string uses it; one whose `message` is an array of strings joins them by line breaks; anything
 * else is the fallback.
 */
export function errorMessage(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null && 'message' in input) {
    const { message } = input as { message: unknown };
    if (typeof message === 'string') return message;
    if (Array.isArray(message) && message.every((entry) => typeof entry === 'string')) {
      return message.join('\n');
    }
  }
  return FALLBACK_ERROR_MESSAGE;
}

/** Shows any caught error as an error toast whose title is the catalogue's message. */
export function showError(input: unknown): void {
  notify({ type: 'error', title: errorMessage(input) });
}
