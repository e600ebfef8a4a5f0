import { lazy, Suspense, type ComponentType } from 'react';
import '../styles/tokens.css';
import '../styles/overlay.css';

/** Shown at 300×300 (product spec, section 2); the Lottie canvas itself is 800×800. */
export const BRAND_MARK_SIZE_PX = 300;

export const LOADING_LABEL = 'Memuat…';

const LazyBrandMarkAnimation = lazy(() => import('./BrandMarkAnimation'));

interface LoadingOverlayProps {
  /** The preload flag: true shows the overlay, false hides it. */
  visible: boolean;
  /** What to draw inside the 300×300 box; the brand-mark animation, loaded on demand, by default. */
  animation?: ComponentType;
}

/**
 * Full-viewport overlay above everything, light grey at 80% opacity, with the brand mark centred.
 * The grey and the label appear at once; the animation joins when its chunk has loaded.
 */
export function LoadingOverlay({ visible, animation: Animation = LazyBrandMarkAnimation }: LoadingOverlayProps) {
  if (!visible) return null;
  return (
    <div className="bj-loading-overlay" role="status" aria-live="polite" aria-busy="true" data-testid="loading-overlay">
      <div
        className="bj-loading-overlay__mark"
        style={{ width: BRAND_MARK_SIZE_PX, height: BRAND_MARK_SIZE_PX }}
        data-testid="loading-overlay-mark"
      >
        <Suspense fallback={null}>
          <Animation />
        </Suspense>
      </div>
      <span className="bj-visually-hidden">{LOADING_LABEL}</span>
    </div>
  );
}
