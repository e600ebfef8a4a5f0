import { LottieLight } from 'lottie-react';
import brandMark from '../assets/brand-mark.json';

/**
 * The looping brand-mark animation, drawn by lottie-react's `LottieLight`: lottie-web's light
 * build (SVG renderer only, no expression engine: ~47 KB gzip instead of ~77 KB for the full
 * player). The overlay loads this module lazily, so none of it is on the critical path of /login.
 * lottie-react itself leaves the mark standing on its first frame when the device asks for
 * reduced motion.
 */
export default function BrandMarkAnimation() {
  return (
    <LottieLight
      src={brandMark}
      loop
      autoplay
      rendererSettings={{ preserveAspectRatio: 'xMidYMid meet' }}
      className="bj-brand-mark"
      aria-hidden="true"
      data-testid="brand-mark"
    />
  );
}
