import { LottieLight } from 'lottie-react';
import brandMark from '../assets/brand-mark.json';

/**
 * The looping brand-mark animation, drawn by lottie-web's light build (SVG renderer only, no
 * expression engine: ~47 KB gzip instead of ~77 KB for the full player). Loaded lazily by the
 * overlay so none of it is on the critical path of /login.
 */
export default function BrandMarkAnimation() {
  return <LottieLight src={brandMark} loop autoplay aria-hidden="true" className="bj-brand-mark" />;
}
