import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the client as the outermost trusted proxy saw it. With `trustedProxyHops` = 0
 * it is the socket's peer; with n proxies, the n-th entry from the right of X-Forwarded-For (each
 * proxy appends the address it received from), so a client cannot choose its own by sending the
 * header. Without any address (a request not from a socket, e.g. app.request in a test) 'unknown'.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const seen = forwarded[forwarded.length - trustedProxyHops];
    if (seen) return seen.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
