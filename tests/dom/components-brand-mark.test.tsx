import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import brandMark from '@src/assets/brand-mark.json';

// lottie-react draws into an SVG jsdom cannot lay out; record what the mark asks it for instead.
const lightPlayerProps = vi.fn();
vi.mock('lottie-react', () => ({
  LottieLight: (props: Record<string, unknown>) => {
    lightPlayerProps(props);
    return <div data-testid={props['data-testid'] as string} aria-hidden={props['aria-hidden'] as 'true'} />;
  },
}));

const { default: BrandMarkAnimation } = await import('@src/components/BrandMarkAnimation');

afterEach(() => {
  cleanup();
  lightPlayerProps.mockClear();
});

describe('BrandMarkAnimation', () => {
  it('plays the brand mark with lottie-react’s light player, looping, hidden from assistive tech', () => {
    const { getByTestId } = render(<BrandMarkAnimation />);
    expect(lightPlayerProps).toHaveBeenCalledTimes(1);
    expect(lightPlayerProps.mock.calls[0]![0]).toMatchObject({ src: brandMark, loop: true, autoplay: true });
    expect(getByTestId('brand-mark').getAttribute('aria-hidden')).toBe('true');
  });
});
