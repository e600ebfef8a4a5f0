import { beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.fn();
vi.mock('@src/lib/toast', () => ({ notify: (...args: unknown[]) => notify(...args) }));

const { errorMessage, showError, FALLBACK_ERROR_MESSAGE } = await import('@src/lib/error-message');

describe('the error-message catalogue (product spec, section 8)', () => {
  it('uses a string as is', () => {
    expect(errorMessage('Email atau kata sandi salah.')).toBe('Email atau kata sandi salah.');
  });

  it('uses the message of an object whose message is a string', () => {
    expect(errorMessage({ statusCode: 401, message: 'Email atau kata sandi salah.', error: 'Unauthorized' })).toBe(
      'Email atau kata sandi salah.',
    );
  });

  it('joins a message array by line breaks', () => {
    expect(errorMessage({ message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'] })).toBe(
      'Email wajib diisi.\nKata sandi wajib diisi.',
    );
  });

  it('falls back to "Terjadi kesalahan." for anything else', () => {
    expect(FALLBACK_ERROR_MESSAGE).toBe('Terjadi kesalahan.');
    for (const input of [undefined, null, 42, true, {}, { message: 42 }, { message: [1, 2] }, { message: null }, ['a'], { error: 'Bad' }]) {
      expect(errorMessage(input)).toBe('Terjadi kesalahan.');
    }
  });

  it('reads an Error by its message string', () => {
    expect(errorMessage(new Error('Tidak dapat terhubung.'))).toBe('Tidak dapat terhubung.');
  });
});

describe('showError', () => {
  beforeEach(() => notify.mockClear());

  it('shows the catalogue message as the title of an error toast', () => {
    showError({ message: ['Satu.', 'Dua.'] });
    expect(notify).toHaveBeenCalledWith({ type: 'error', title: 'Satu.\nDua.' });
    showError(undefined);
    expect(notify).toHaveBeenLastCalledWith({ type: 'error', title: 'Terjadi kesalahan.' });
  });
});
