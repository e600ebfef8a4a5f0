import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import brandMark from '@src/assets/brand-mark.json';

const destroy = vi.fn();
const loadAnimation = vi.fn((_options: Record<string, unknown>) => ({ destroy }));
vi.mock('lottie-web/build/player/lottie_light', () => ({ default: { loadAnimation } }));

const { default: BrandMarkAnimation } = await import('@src/components/BrandMarkAnimation');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  loadAnimation.mockClear();
  destroy.mockClear();
});

const prefersReducedMotion = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query.includes('reduce'), media: query }));

describe('BrandMarkAnimation', () => {
  it('plays the brand mark with the light SVG player, looping', () => {
    prefersReducedMotion(false);
    const { getByTestId } = render(<BrandMarkAnimation />);
    expect(loadAnimation).toHaveBeenCalledTimes(1);
    expect(loadAnimation.mock.calls[0]![0]).toMatchObject({
      container: getByTestId('brand-mark'),
      renderer: 'svg',
      loop: true,
      autoplay: true,
      animationData: brandMark,
    });
    expect(getByTestId('brand-mark').getAttribute('aria-hidden')).toBe('true');
  });

  it('stands still on the first frame when the device asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(<BrandMarkAnimation />);
    expect(loadAnimation.mock.calls[0]![0]).toMatchObject({ autoplay: false, loop: true });
  });

  it('destroys the animation when it leaves the screen', () => {
    prefersReducedMotion(false);
    const { unmount } = render(<BrandMarkAnimation />);
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
