/**
 * The window-message transport of the embed bridge (API.md "Host window messages"). It listens
 * and posts; which origins are allowed and what each message means is the embed-bridge
 * machine's business (machines/embed-bridge.ts), whose `reply` and `notifyParent` actions take
 * `{ message, targetOrigin }` and map onto this module's functions of the same names.
 *
 * Every message, in and out, is an object `{ eventMessage: string }`.
 */

interface WindowMessage {
  eventMessage: string;
}

/** A message as the bridge sees it. */
export interface ReceivedMessage {
  eventMessage: string;
  /** The sender's origin; a desktop webview host's messages carry the app's own origin. */
  origin: string;
  /** The message's data as it came, for `hostEventFromMessage`. */
  data: unknown;
}

/** The desktop host (WebView2) injects `window.chrome.webview`. */
interface WebviewHost {
  postMessage(message: unknown): void;
  addEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void;
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

/** A target origin we may post to: a real origin, never '*' and never an opaque 'null'. */
function isPostableOrigin(origin: string): boolean {
  if (origin === '' || origin === '*' || origin === 'null') return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

export interface WindowTransport {
  /** Hands every `{eventMessage}` message to `onMessage`; returns the function that stops listening. */
  listen(onMessage: (message: ReceivedMessage) => void): () => void;
  /**
   * Answers the window that last sent a message from `targetOrigin`, with `targetOrigin` as the
   * postMessage target (never '*'), and the desktop webview host when one is present.
   */
  reply(targetOrigin: string, eventMessage: string): void;
  /** Posts to the framing parent at `targetOrigin` (the login notice); nothing when not framed. */
  notifyParent(eventMessage: string, targetOrigin: string): boolean;
}

export function createWindowTransport(win: Window = window): WindowTransport {
  // Who to answer: the source window of the latest message per origin.
  const senders = new Map<string, MessageEventSource>();

  return {
    listen(onMessage) {
      const onWindowMessage = (event: MessageEvent) => {
        const eventMessage = readEventMessage(event.data);
        if (eventMessage === null) return;
        if (event.source) senders.set(event.origin, event.source);
        onMessage({ eventMessage, origin: event.origin, data: event.data });
      };
      // The desktop host is the native application the app runs in: its messages count as our own origin.
      const onWebviewMessage = (event: { data: unknown }) => {
        const eventMessage = readEventMessage(event.data);
        if (eventMessage !== null) onMessage({ eventMessage, origin: win.location.origin, data: event.data });
      };
      const webview = webviewHost(win);
      win.addEventListener('message', onWindowMessage);
      webview?.addEventListener?.('message', onWebviewMessage);
      return () => {
        win.removeEventListener('message', onWindowMessage);
        webview?.removeEventListener?.('message', onWebviewMessage);
      };
    },

    reply(targetOrigin, eventMessage) {
      const message: WindowMessage = { eventMessage };
      const sender = senders.get(targetOrigin);
      if (sender && isPostableOrigin(targetOrigin)) (sender as Window).postMessage(message, targetOrigin);
      webviewHost(win)?.postMessage(message);
    },

    notifyParent(eventMessage, targetOrigin) {
      if (!isFramed(win) || !isPostableOrigin(targetOrigin)) return false;
      const message: WindowMessage = { eventMessage };
      win.parent.postMessage(message, targetOrigin);
      return true;
    },
  };
}

export function isFramed(win: Window = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The framing parent's origin as the browser reports it: `location.ancestorOrigins[0]` where
 * supported (Chromium, WebKit), else the referrer's origin; null when not framed or unknown.
 * Whether it is allowed is the embed-bridge machine's check.
 */
export function parentOrigin(win: Window = window): string | null {
  if (!isFramed(win)) return null;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  return win.document.referrer ? originOf(win.document.referrer) : null;
}

/** `EMBED_ALLOWED_ORIGINS` as the SPA sees it: VITE_EMBED_ALLOWED_ORIGINS, comma separated. */
export function configuredHostOrigins(raw: unknown = import.meta.env?.VITE_EMBED_ALLOWED_ORIGINS): string[] {
  if (typeof raw !== 'string') return [];
  return raw
    .split(',')
    .map((entry) => (entry.trim() === '' ? null : originOf(entry.trim())))
    .filter((origin): origin is string => origin !== null);
}
