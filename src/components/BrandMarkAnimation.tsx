import { LottieLight } from 'lottie-react';
import brandMark from '../assets/brand-mark.json';

/**
 * The looping brand-mark animation, drawn by lottie-react's `LottieLight`: lottie-web's light
 * build (SVG renderer only, no expression engine: ~47 KB gzip instead of ~77 KB for the full
 * player). The overlay loads this module lazily, so none of it is on the critical path of /login.
 */
export default function BrandMarkAnimation() {
  // A device that asks for reduced motion gets the mark's first frame, standing still.
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <LottieLight
      src={brandMark}
      loop
      autoplay={!reducedMotion}
      rendererSettings={{ preserveAspectRatio: 'xMidYMid meet' }}
      className="bj-brand-mark"
      aria-hidden="true"
      data-testid="brand-mark"
    />
  );
}
