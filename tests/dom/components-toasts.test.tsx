import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'react-toastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Toasts, toastSettings } from '@src/components/Toasts';
import { notify } from '@src/lib/toast';
import { showError } from '@src/lib/error-message';

// Vitest does not process CSS (not even `?raw`), so the sheets are read as files.
const css = (name: string) => readFileSync(join(process.cwd(), 'src/styles', name), 'utf8');
const tokensCss = css('tokens.css');
const toastsCss = css('toasts.css');

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
  document.head.innerHTML = '';
});

function toastElement(text: string): HTMLElement {
  const element = screen.getByText(text).closest('.Toastify__toast');
  if (!(element instanceof HTMLElement)) throw new Error(`no toast holds "${text}"`);
  return element;
}

describe('Toasts', () => {
  it('is configured per spec: top right, newest at the bottom, 10 s, close on click', () => {
    expect(toastSettings).toMatchObject({ position: 'top-right', newestOnTop: false, autoClose: 10_000, closeOnClick: true });
  });

  it('shows a success toast with title and description at the top right', async () => {
    render(<Toasts />);
    act(() => void notify({ type: 'success', title: 'Berhasil disimpan', desc: 'Deposito telah disetujui.' }));
    expect(await screen.findByText('Berhasil disimpan')).toBeTruthy();
    expect(screen.getByText('Deposito telah disetujui.')).toBeTruthy();
    const element = toastElement('Berhasil disimpan');
    expect(element.classList.contains('Toastify__toast--success')).toBe(true);
    expect(element.classList.contains('bj-toast')).toBe(true);
    expect(element.closest('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('counts down 10 seconds and fades in with our transition', async () => {
    render(<Toasts />);
    act(() => void notify({ type: 'error', title: 'Gagal' }));
    const element = toastElement(await screen.findByText('Gagal').then((node) => node.textContent!));
    expect(element.classList.contains('Toastify__toast--error')).toBe(true);
    expect(element.classList.contains('bj-toast-fade-in')).toBe(true);
    const progress = element.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(progress?.style.animationDuration).toBe('10000ms');
  });

  it('stacks downward: the newest toast is the last one', async () => {
    render(<Toasts />);
    act(() => void notify({ type: 'success', title: 'Pertama' }));
    act(() => void notify({ type: 'success', title: 'Kedua' }));
    await screen.findByText('Kedua');
    const titles = [...document.querySelectorAll('.bj-toast__title')].map((node) => node.textContent);
    expect(titles).toEqual(['Pertama', 'Kedua']);
  });

  it('starts fading out when clicked', async () => {
    render(<Toasts />);
    act(() => void notify({ type: 'success', title: 'Klik saya' }));
    const element = toastElement((await screen.findByText('Klik saya')).textContent!);
    fireEvent.click(element);
    expect(element.classList.contains('bj-toast-fade-out')).toBe(true);
  });

  it('shows an error message array as lines of one title', async () => {
    render(<Toasts />);
    act(() => showError({ message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'] }));
    const title = await screen.findByText((_, node) => node?.textContent === 'Email wajib diisi.\nKata sandi wajib diisi.' && node.tagName === 'P');
    expect(title.closest('.Toastify__toast')?.classList.contains('Toastify__toast--error')).toBe(true);
  });

  it('styles toasts with our tokens: min width 150 px, 400 ms in, 40 ms out, green and red', () => {
    const style = document.createElement('style');
    style.textContent = `${tokensCss}\n${toastsCss}`;
    document.head.append(style);
    // jsdom parses the sheets but does not cascade every property, so read the rules themselves.
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSStyleRule);
    const ruleFor = (selector: string) => rules.find((rule) => rule.selectorText === selector)!.style;
    expect(ruleFor('.bj-toast').minWidth).toBe('150px');
    expect(ruleFor('.bj-toast-fade-in').animation).toContain('400ms');
    expect(ruleFor('.bj-toast-fade-out').animation).toContain('40ms');
    // The declared values (jsdom 31 resolves var() in computed custom properties).
    const declared = (property: string) => rules.map((rule) => rule.style.getPropertyValue(property).trim()).find(Boolean);
    expect(declared('--toastify-color-success')).toBe('var(--bj-color-success)');
    expect(declared('--toastify-color-error')).toBe('var(--bj-color-danger)');
    const root = getComputedStyle(document.documentElement);
    expect(root.getPropertyValue('--toastify-color-success').trim()).toBe('#18753a');
    expect(root.getPropertyValue('--bj-color-success').trim()).toBe('#18753a');
    expect(root.getPropertyValue('--bj-color-danger').trim()).toBe('#b42318');
  });
});
