import { createServer, type Server } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { answerClientErrors, MALFORMED_REQUEST, rawErrorAnswer } from './client-errors';
import { errorBody, SERVER_ERROR_MESSAGE } from './envelope';
import { securityHeaderValues, type SecurityOptions } from './middleware';

type FetchCallback = Parameters<typeof getRequestListener>[0];

function envelopeResponse(status: number, message: string, security: SecurityOptions): Response {
  return new Response(JSON.stringify(errorBody(status, message)), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', Connection: 'close', ...securityHeaderValues(security) },
  });
}

/**
 * The HTTP server of the app: Hono's Node adapter (as `serve` builds it), where every answer the
 * app does not write itself is in the envelope with the security headers too:
 * - what Node refuses before the adapter (client-errors.ts: 400, 408, 431);
 * - a request target the adapter cannot make a URL of — `OPTIONS *`, a backslash in the path, an
 *   absolute URL that does not parse, a Host that is not a host — 400 (the adapter answers an
 *   empty 400 by itself);
 * - an HTTP/1.1 request without Host: 400, as RFC 9112 wants and Node does, but in the envelope;
 * - CONNECT: this is no proxy, 400 instead of Node closing the connection without an answer.
 */
export function createHttpServer(fetch: FetchCallback, options: SecurityOptions & { hostname?: string }): Server {
  const security: SecurityOptions = { embedAllowedOrigins: options.embedAllowedOrigins, https: options.https };
  const listener = getRequestListener(fetch, {
    ...(options.hostname ? { hostname: options.hostname } : {}),
    // The app answers its own errors (app.onError); what reaches here is a request the adapter could not read.
    errorHandler: (error) =>
      error instanceof RequestError ? envelopeResponse(400, MALFORMED_REQUEST, security) : envelopeResponse(500, SERVER_ERROR_MESSAGE, security),
  });
  const server = createServer({ requireHostHeader: false }, (incoming, outgoing) => {
    if (incoming.httpVersionMajor === 1 && incoming.httpVersionMinor >= 1 && incoming.headers.host === undefined) {
      const body = JSON.stringify(errorBody(400, MALFORMED_REQUEST));
      outgoing.writeHead(400, {
        'Content-Type': 'application/json; charset=UTF-8',
        'Content-Length': String(Buffer.byteLength(body)),
        'Cache-Control': 'no-store',
        Connection: 'close',
        ...securityHeaderValues(security),
      });
      outgoing.end(body);
      return;
    }
    void listener(incoming, outgoing);
  });
  server.on('connect', (_request, socket) => socket.end(rawErrorAnswer(400, MALFORMED_REQUEST, security)));
  answerClientErrors(server, security);
  return server;
}
