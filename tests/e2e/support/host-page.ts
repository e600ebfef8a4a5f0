import { createServer, type Server } from 'node:http';
import { freePort } from './server';

export interface HostPage {
  /** The host's origin, e.g. http://localhost:4321 — a different origin from the app. */
  origin: string;
  url: string;
  close(): Promise<void>;
}

/**
 * A host application on a second origin: it frames the app and exposes `send(eventMessage)` and
 * the list of messages the app posted back (`window.received`), as a real host would.
 */
export async function startHostPage(appUrl: string, appPath = '/login', options: { port?: number } = {}): Promise<HostPage> {
  // A test that must name the host's origin to the app's server first picks the port itself.
  const port = options.port ?? (await freePort());
  const origin = `http://localhost:${port}`;
  const appOrigin = new URL(appUrl).origin;
  const html = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Aplikasi induk</title></head>
<body>
  <h1>Aplikasi induk</h1>
  <iframe id="app" title="Berjangka" src="${appUrl}${appPath}" style="width:1280px;height:800px;border:0"></iframe>
  <script>
    window.received = [];
    window.addEventListener('message', (event) => {
      if (event.origin !== ${JSON.stringify(appOrigin)}) return;
      window.received.push(event.data);
    });
    window.send = (eventMessage) =>
      document.getElementById('app').contentWindow.postMessage({ eventMessage }, ${JSON.stringify(appOrigin)});
  </script>
</body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return {
    origin,
    url: `${origin}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
