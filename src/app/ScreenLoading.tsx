import { Suspense, useEffect, type ComponentType } from 'react';
import { useAppActors } from './actors-context';

/**
 * The Suspense fallback of a lazily loaded screen: while it is mounted the screen's code is
 * loading, so the preload flag is raised; it is lowered again when the fallback goes away.
 */
function ScreenLoading() {
  const app = useAppActors();
  useEffect(() => {
    app.screenLoading(true);
    return () => app.screenLoading(false);
  }, [app]);
  return null;
}

/** A lazily loaded screen in its own Suspense boundary, so every screen's first load shows the overlay. */
export function LazyScreen({ screen: Screen }: { screen: ComponentType }) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
