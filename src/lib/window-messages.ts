/**
 * The transport of the embed bridge (API.md "Host window messages"): it listens and posts; which
 * origins are allowed and what each message means is the embed-bridge machine's business.
 * Every message, in and out, is an object `{ eventMessage: string }`.
 */

export interface WindowMessage {
  eventMessage: string;
}

/** A message as the bridge sees it, with what is needed to answer its sender. */
export interface ReceivedMessage {
  eventMessage: string;
  origin: string;
  source: MessageEventSource | null;
}

/** The desktop host (WebView2) injects `window.chrome.webview`. */
interface WebviewHost {
  postMessage(message: unknown): void;
}

type HostWindow = Window & { chrome?: { webview?: WebviewHost } };

function webviewHost(win: Window): WebviewHost | undefined {
  const webview = (win as HostWindow).chrome?.webview;
  return typeof webview?.postMessage === 'function' ? webview : undefined;
}

/** Reads `eventMessage` from a message's data; anything else is not for us. */
export function readEventMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { eventMessage } = data as { eventMessage?: unknown };
  return typeof eventMessage === 'string' && eventMessage !== '' ? eventMessage : null;
}

/** Hands every `{eventMessage}` message to `onMessage`; returns the function that stops listening. */
export function listenToMessages(onMessage: (message: ReceivedMessage) => void, win: Window = window): () => void {
  const handler = (event: MessageEvent) => {
    const eventMessage = readEventMessage(event.data);
    if (eventMessage === null) return;
    onMessage({ eventMessage, origin: event.origin, source: event.source });
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

/**
 * Answers a message: to its sender with `targetOrigin` set to the sender's origin (never '*'), and
 * to a desktop webview host when one is present.
 */
export function reply(to: Pick<ReceivedMessage, 'origin' | 'source'>, eventMessage: string, win: Window = window): void {
  const message: WindowMessage = { eventMessage };
  // A message from an opaque origin ('null') cannot be answered safely by origin.
  if (to.source && to.origin && to.origin !== 'null') {
    (to.source as Window).postMessage(message, to.origin);
  }
  webviewHost(win)?.postMessage(message);
}

export function isFramed(win: Window = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/** Origin of a URL, or null when it has none we can post to. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The parent's origin: the referrer's origin when it is one of the allowed host origins, otherwise
 * the only allowed host origin when exactly one is configured. Never '*'.
 */
export function parentOrigin(allowedOrigins: readonly string[], referrer: string = document.referrer): string | null {
  const fromReferrer = referrer ? originOf(referrer) : null;
  if (fromReferrer && allowedOrigins.includes(fromReferrer)) return fromReferrer;
  return allowedOrigins.length === 1 ? (allowedOrigins[0] ?? null) : null;
}

/**
 * Tells the framing parent something (the login notice `LoggedIn{product}`, spec section 4). Does
 * nothing when not framed or when the parent's origin is not an allowed host origin; says whether it posted.
 */
export function notifyParent(eventMessage: string, allowedOrigins: readonly string[], win: Window = window): boolean {
  const message: WindowMessage = { eventMessage };
  if (!isFramed(win)) return false;
  const origin = parentOrigin(allowedOrigins, win.document.referrer);
  if (!origin) return false;
  win.parent.postMessage(message, origin);
  return true;
}

/** `EMBED_ALLOWED_ORIGINS` as the SPA sees it (VITE_EMBED_ALLOWED_ORIGINS, comma separated). */
export function configuredHostOrigins(raw: unknown = import.meta.env?.VITE_EMBED_ALLOWED_ORIGINS): string[] {
  if (typeof raw !== 'string') return [];
  return raw
    .split(',')
    .map((entry) => originOf(entry.trim()))
    .filter((origin): origin is string => origin !== null);
}

/** Whether a message's origin may drive the bridge: an allowed host origin or the app's own origin. */
export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[], ownOrigin: string = window.location.origin): boolean {
  return origin === ownOrigin || allowedOrigins.includes(origin);
}
