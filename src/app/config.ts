import type { RunMode } from '@contract/run-mode';
import { configuredHostOrigins } from '../lib/window-messages';

/** Settings the SPA reads at run time: the server writes them into index.html as meta tags. */
export interface RuntimeConfig {
  /** Host origins allowed to frame the app and talk to the embed bridge (EMBED_ALLOWED_ORIGINS). */
  embedAllowedOrigins: string[];
  /** The product id of `LoggedIn{product}` / `LoggedOut{product}`. */
  product: string;
  /** demo: the login page warns, and a shipment can be moved in the JNE sandbox (NODE_ENV decides, on the server). */
  mode: RunMode;
}

const EMBED_ORIGINS_META = 'berjangka:embed-allowed-origins';
const PRODUCT_META = 'berjangka:product';
const MODE_META = 'berjangka:mode';
const DEFAULT_PRODUCT_ID = 'BPR';

function metaContent(doc: Document, name: string): string | null {
  const element = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return element ? element.content : null;
}

/**
 * The meta tags win (the server writes them: server/platform/http/spa.ts); without them the build-time fallbacks apply (VITE_EMBED_ALLOWED_ORIGINS and
 * VITE_PRODUCT, else 'BPR'). An empty meta content means "no host allowed", not "use the fallback".
 */
export function readRuntimeConfig(doc: Document = document, env: Record<string, unknown> = import.meta.env ?? {}): RuntimeConfig {
  const origins = metaContent(doc, EMBED_ORIGINS_META);
  const product = metaContent(doc, PRODUCT_META)?.trim();
  const envProduct = typeof env.VITE_PRODUCT === 'string' ? env.VITE_PRODUCT.trim() : '';
  return {
    embedAllowedOrigins: configuredHostOrigins(origins ?? env.VITE_EMBED_ALLOWED_ORIGINS),
    product: product || envProduct || DEFAULT_PRODUCT_ID,
    // Only the server's word makes production: without the tag (npm run dev's Vite) it is the demo,
    // and a banner shown by mistake is safer than one hidden by mistake.
    mode: metaContent(doc, MODE_META)?.trim() === 'production' ? 'production' : 'demo',
  };
}
