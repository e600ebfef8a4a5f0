import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@src/lib/query-client';

/** A cache of server answers of its own (the app's defaults) for a component rendered alone: no test sees another's answers. */
export function FreshCache({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
