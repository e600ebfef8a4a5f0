import { connect } from 'node:net';

/**
 * Requests no fetch client can send — malformed request lines and headers, other forms of the
 * request target, a missing Host — written on a socket as they are. Node or the adapter answer
 * some of them before any route runs; those answers must be the envelope too.
 */

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first answer on the connection, or null when the server closed it without one. */
export function sendRaw(port: number, request: Buffer): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (end < 0 || !match) return resolve(null);
      const headers = Object.fromEntries(
        text
          .slice(0, end)
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      let body = text.slice(end + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let decoded = '';
        for (let rest = body; ; ) {
          const size = Number.parseInt(rest.slice(0, rest.indexOf('\r\n')), 16);
          if (!(size > 0)) break;
          const start = rest.indexOf('\r\n') + 2;
          decoded += rest.slice(start, start + size);
          rest = rest.slice(start + size + 2);
        }
        body = decoded;
      } else if (headers['content-length'] !== undefined) {
        body = body.slice(0, Number(headers['content-length']));
      }
      resolve({ status: Number(match[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => undefined);
    // Every request below is complete: an answer that does not come within 5 s is a failure.
    socket.setTimeout(5_000, () => socket.destroy());
    // Written, not ended: Node closes a connection whose client has ended before answering it.
    socket.write(request);
  });
}

const CLOSE = 'Connection: close\r\n';

/** [label, bytes]; `{token}` is replaced by a supervisor's session token. */
export const RAW_REQUESTS: Array<[string, string | number[]]> = [
  ['Content-Length and Transfer-Encoding together', `POST /api-v2-bpr/deposito/approve-deposito HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n${CLOSE}\r\n0\r\n\r\n`],
  ['two Content-Lengths', `POST /api-v2-bpr/deposito/approve-deposito HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n${CLOSE}\r\n{}`],
  ['negative Content-Length', `POST /api-v2-bpr/deposito/approve-deposito HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n${CLOSE}\r\n{}`],
  ['bad chunk size', `POST /api-v2-bpr/deposito/approve-deposito HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${CLOSE}\r\nzz\r\n{}\r\n0\r\n\r\n`],
  ['NUL in a header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n${CLOSE}\r\n`],
  ['control character in a header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n${CLOSE}\r\n`],
  ['space in a header name', `GET /healthz HTTP/1.1\r\nHost: x\r\nX A: b\r\n${CLOSE}\r\n`],
  ['folded header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n folded\r\n${CLOSE}\r\n`],
  ['bare line feeds', `GET /healthz HTTP/1.1\nHost: x\n${CLOSE.replace('\r', '')}\n`],
  ['unknown method', `GETT /healthz HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`],
  ['WebDAV method', `PROPFIND /api-v2-bpr/auth/session HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`],
  ['HTTP/2.0 on HTTP/1 framing', `GET /healthz HTTP/2.0\r\nHost: x\r\n${CLOSE}\r\n`],
  ['HTTP/0.9', 'GET /healthz\r\n\r\n'],
  ['raw space in the target', `GET /api-v2-bpr/invoice/all-deposito?q=a b HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n${CLOSE}\r\n`],
  ['raw bytes over 0x7F in the target', [...Buffer.from('GET /api-v2-bpr/invoice/all-deposito?q='), 0xff, 0xfe, ...Buffer.from(` HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n${CLOSE}\r\n`)]],
  ['raw UTF-8 in the path', [...Buffer.from('GET /api-v2-bpr/deposito/'), 0xc3, 0xa9, ...Buffer.from(` HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n${CLOSE}\r\n`)]],
  ['backslash in the path', `GET /api-v2-bpr\\deposito\\x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n${CLOSE}\r\n`],
  ['asterisk form', `OPTIONS * HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`],
  ['absolute form', `GET http://jahat.example/healthz HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`],
  ['absolute form that does not parse', `GET http://[jahat/healthz HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`],
  ['authority form', `CONNECT jahat.example:443 HTTP/1.1\r\nHost: jahat.example:443\r\n${CLOSE}\r\n`],
  ['no Host (HTTP/1.1)', `GET /healthz HTTP/1.1\r\n${CLOSE}\r\n`],
  ['no Host (HTTP/1.0)', 'GET /healthz HTTP/1.0\r\n\r\n'],
  ['empty Host', `GET /healthz HTTP/1.1\r\nHost:\r\n${CLOSE}\r\n`],
  ['Host that is not a host', `GET /healthz HTTP/1.1\r\nHost: jahat example/\r\n${CLOSE}\r\n`],
  ['Host with user info', `GET /api-v2-bpr/auth/session HTTP/1.1\r\nHost: user@jahat.example\r\nAuthorization: Bearer {token}\r\n${CLOSE}\r\n`],
  ['two Hosts', `GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n${CLOSE}\r\n`],
  ['X-Forwarded-For in latin-1 bytes', [...Buffer.from('POST /api-v2-bpr/auth/login HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: '), 0xe9, 0xff, 0x80, ...Buffer.from(`\r\nContent-Type: application/json\r\nContent-Length: 38\r\n${CLOSE}\r\n{"email":"a@b.test","password":"xxxx"}`)]],
  ['Authorization in latin-1 bytes', [...Buffer.from('GET /api-v2-bpr/auth/session HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer '), 0xe9, 0xff, ...Buffer.from(`\r\n${CLOSE}\r\n`)]],
  ['Idempotency-Key in latin-1 bytes', [...Buffer.from('POST /api-v2-bpr/auth/logout HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nIdempotency-Key: '), 0xe9, 0xff, ...Buffer.from(`\r\nContent-Length: 0\r\n${CLOSE}\r\n`)]],
  ['Content-Type in latin-1 bytes', [...Buffer.from('POST /api-v2-bpr/deposito/approve-deposito HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: multipart/form-data; boundary='), 0xe9, 0xff, ...Buffer.from(`\r\nContent-Length: 2\r\n${CLOSE}\r\n{}`)]],
];

export function rawBytes(request: string | number[], token: string): Buffer {
  const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : Buffer.from(request);
  return Buffer.from(bytes.toString('latin1').replaceAll('{token}', token), 'latin1');
}
