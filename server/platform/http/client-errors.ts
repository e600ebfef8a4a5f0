import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, reasonPhrase } from './envelope';
import { securityHeaderValues, type SecurityOptions } from './middleware';

const HEADERS_TOO_LARGE = 'Alamat atau header permintaan terlalu panjang.';
export const MALFORMED_REQUEST = 'Permintaan HTTP tidak dapat dibaca.';
const REQUEST_TIMEOUT = 'Permintaan terlalu lama dikirim; silakan coba lagi.';

/** A whole HTTP/1.1 answer in the envelope with the security headers, for a socket no route will answer on. */
export function rawErrorAnswer(status: number, message: string, security: SecurityOptions): string {
  const body = JSON.stringify(errorBody(status, message));
  const head = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...securityHeaderValues(security),
  };
  return `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n${Object.entries(head).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}

/**
 * What Node answers by itself before any route runs — a URL or headers over its limit (431), an
 * unreadable request (400), a request sent too slowly (408) — answered in the envelope and with
 * the security headers, like every other answer.
 */
export function answerClientErrors(server: Server, security: SecurityOptions): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HEADERS_TOO_LARGE]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, REQUEST_TIMEOUT]
          : [400, MALFORMED_REQUEST];
    socket.end(rawErrorAnswer(status, message, security));
  });
}
