import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { apiBases } from '../../../contract/bases';

const MEDIA_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Paths the SPA never answers: they belong to the API, whose unknown paths get the 404 envelope. */
const API_PREFIXES = [...Object.values(apiBases).map((base) => base.path), '/api-docs', '/healthz'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** What the SPA reads at boot from index.html's meta tags, so one build serves every site. */
interface SpaRuntimeConfig {
  embedAllowedOrigins: string[];
  productId: string;
  /** demo shows the demo banner on the login page and the sandbox's parcel control; default production. */
  mode?: 'demo' | 'production';
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with the site's runtime settings as meta tags (no inline script: the CSP forbids it). */
function withRuntimeConfig(indexHtml: string, runtime: SpaRuntimeConfig): string {
  const tags =
    `<meta name="berjangka:embed-allowed-origins" content="${escapeAttribute(runtime.embedAllowedOrigins.join(','))}">` +
    `<meta name="berjangka:product" content="${escapeAttribute(runtime.productId)}">` +
    `<meta name="berjangka:mode" content="${runtime.mode ?? 'production'}">`;
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${tags}</head>`) : `${tags}${indexHtml}`;
}

/**
 * Serves the built SPA from `distDir`: a file when it exists (Vite's hashed /assets/ cached for a
 * year), otherwise index.html so client-side routes survive a reload. Returns null for API paths.
 */
export function spaHandler(distDir: string, runtime: SpaRuntimeConfig = { embedAllowedOrigins: [], productId: 'BPR' }) {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  return (c: Context): Response | null => {
    const path = c.req.path;
    if (isApiPath(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = '/';
    }
    const candidate = normalize(join(root, decoded));
    const inside = candidate === root || candidate.startsWith(root + sep);
    if (inside && candidate !== root && existsSync(candidate) && statSync(candidate).isFile()) {
      const hashedAsset = decoded.startsWith('/assets/');
      return c.body(new Uint8Array(readFileSync(candidate)), 200, {
        'Content-Type': MEDIA_TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    // A missing file (favicon.ico, a stale hashed asset) is a 404, not the app's HTML.
    if (extname(decoded) !== '' || !existsSync(indexFile)) return null;
    return c.body(withRuntimeConfig(readFileSync(indexFile, 'utf8'), runtime), 200, { 'Content-Type': MEDIA_TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };
}
