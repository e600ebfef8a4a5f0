import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_MARK_SIZE_PX, LoadingOverlay, LOADING_LABEL } from '@src/components/LoadingOverlay';

// Vitest does not process CSS, so the sheets are read as files.
const css = (name: string) => readFileSync(join(process.cwd(), 'src/styles', name), 'utf8');

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const StillMark = () => <svg data-testid="still-mark" />;

describe('LoadingOverlay', () => {
  it('renders nothing while the preload flag is false', () => {
    render(<LoadingOverlay visible={false} animation={StillMark} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('still-mark')).toBeNull();
  });

  it('announces loading in Indonesian while visible', () => {
    render(<LoadingOverlay visible animation={StillMark} />);
    const overlay = screen.getByRole('status');
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(overlay.getAttribute('aria-live')).toBe('polite');
    expect(LOADING_LABEL).toBe('Memuat…');
    expect(screen.getByText('Memuat…').className).toBe('bj-visually-hidden');
  });

  it('shows the animation in a 300×300 box', () => {
    render(<LoadingOverlay visible animation={StillMark} />);
    const box = screen.getByTestId('loading-overlay-mark');
    expect(BRAND_MARK_SIZE_PX).toBe(300);
    expect(box.style.width).toBe('300px');
    expect(box.style.height).toBe('300px');
    expect(box.contains(screen.getByTestId('still-mark'))).toBe(true);
  });

  it('hides again when the flag turns false', () => {
    const { rerender } = render(<LoadingOverlay visible animation={StillMark} />);
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(<LoadingOverlay visible={false} animation={StillMark} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('covers the whole viewport above everything, light grey at 80%, content centred', () => {
    const style = document.createElement('style');
    style.textContent = `${css('tokens.css')}\n${css('overlay.css')}`;
    document.head.append(style);
    render(<LoadingOverlay visible animation={StillMark} />);
    const overlay = getComputedStyle(screen.getByRole('status'));
    expect(overlay.position).toBe('fixed');
    expect(overlay.display).toBe('flex');
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSStyleRule);
    const rule = rules.find((candidate) => candidate.selectorText === '.bj-loading-overlay')!.style;
    expect(rule.inset).toMatch(/^0(px)?$/);
    expect(rule.alignItems).toBe('center');
    expect(rule.justifyContent).toBe('center');
    expect(rule.zIndex).toBe('var(--bj-z-overlay)');
    expect(rule.backgroundColor).toBe('var(--bj-color-overlay)');
    const root = getComputedStyle(document.documentElement);
    expect(root.getPropertyValue('--bj-color-overlay').replace(/\s/g, '')).toBe('rgba(211,211,211,0.8)');
    const zOverlay = Number(root.getPropertyValue('--bj-z-overlay'));
    // Above react-toastify's own default layer (9999) and anything else we stack…
    expect(zOverlay).toBeGreaterThan(9999);
    // …in at most 6 significant digits, which the CSS minifier keeps exactly.
    expect(Number(root.getPropertyValue('--bj-z-toast'))).toBeLessThan(1_000_000);
    // Toasts stay readable above the overlay; everything else is below it.
    for (const layer of ['--bj-z-sidebar', '--bj-z-header', '--bj-z-modal']) {
      expect(Number(root.getPropertyValue(layer))).toBeLessThan(zOverlay);
    }
    expect(Number(root.getPropertyValue('--bj-z-toast'))).toBeGreaterThan(zOverlay);
  });

  it('loads the brand-mark animation on demand and draws it as SVG', { timeout: 15_000 }, async () => {
    // jsdom has no canvas; lottie-web only measures text with it, which this mark has none of.
    const fakeContext = new Proxy({}, { get: (_, key) => (key === 'measureText' ? () => ({ width: 0 }) : () => undefined), set: () => true });
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => fakeContext as never);
    // jsdom has no matchMedia; lottie-react asks it whether the device wants reduced motion.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    try {
      render(<LoadingOverlay visible />);
      const box = screen.getByTestId('loading-overlay-mark');
      // The overlay is there at once; the animation arrives with its chunk.
      expect(screen.getByRole('status')).toBeTruthy();
      await vi.waitFor(() => expect(box.querySelector('svg')).not.toBeNull(), { timeout: 5_000 });
      const svg = box.querySelector('svg')!;
      expect(svg.getAttribute('viewBox')).toBe('0 0 800 800');
      expect(svg.querySelectorAll('path').length).toBeGreaterThan(3);
    } finally {
      getContext.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
