import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { openApiDocument } from './openapi';

/** Swagger UI files served from the installed swagger-ui-dist package: no CDN, allowed by 'self' in the CSP. */
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const VIEWER_PAGE = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<title>Berjangka API</title>
<link rel="icon" href="/api-docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api-docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/api-docs/assets/init.js"></script>
</body>
</html>
`;

// A file, not an inline script, so the CSP can stay at script-src 'self'.
const VIEWER_INIT = `window.ui = SwaggerUIBundle({
  url: '/api-docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

export function apiDocsRoutes() {
  const router = new Hono();
  const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const document = JSON.stringify(openApiDocument());
  const cache = new Map<string, Uint8Array>();

  router.get('/api-docs', (c) => c.html(VIEWER_PAGE));
  router.get('/api-docs/openapi.json', (c) => c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  router.get('/api-docs/assets/init.js', (c) => c.body(VIEWER_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  router.get('/api-docs/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = VIEWER_FILES[file];
    if (!type) return c.notFound();
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = new Uint8Array(readFileSync(join(distDir, file)));
      cache.set(file, bytes);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
  });
  return router;
}
