import { useEffect, useRef } from 'react';
import lottie from 'lottie-web/build/player/lottie_light';
import brandMark from '../assets/brand-mark.json';

/**
 * The looping brand-mark animation, drawn by lottie-web's light build (SVG renderer only, no
 * expression engine: ~47 KB gzip instead of ~77 KB for the full player).
 *
 * Why not lottie-react's components: its single entry module also imports the full and the svg
 * players; the bundler drops them, but still parses them and warns about their `eval` on every
 * build. This wrapper keeps only the light player in the module graph. The overlay loads this
 * module lazily, so none of it is on the critical path of /login.
 */
export default function BrandMarkAnimation() {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    // A device that asks for reduced motion gets the mark's first frame, standing still.
    const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const animation = lottie.loadAnimation({
      container: container.current,
      renderer: 'svg',
      loop: true,
      autoplay: !reducedMotion,
      animationData: brandMark,
      rendererSettings: { preserveAspectRatio: 'xMidYMid meet' },
    });
    return () => animation.destroy();
  }, []);

  return <div ref={container} className="bj-brand-mark" aria-hidden="true" data-testid="brand-mark" />;
}
