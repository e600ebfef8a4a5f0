import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configuredHostOrigins,
  isAllowedOrigin,
  isFramed,
  listenToMessages,
  notifyParent,
  parentOrigin,
  readEventMessage,
  reply,
  type ReceivedMessage,
} from '@src/lib/window-messages';

type WebviewWindow = Window & { chrome?: { webview?: { postMessage: (message: unknown) => void } } };

afterEach(() => {
  delete (window as WebviewWindow).chrome;
  vi.restoreAllMocks();
});

describe('listenToMessages', () => {
  it('hands eventMessage and origin of each message to the callback, until stopped', () => {
    const received: ReceivedMessage[] = [];
    const stop = listenToMessages((message) => received.push(message));
    window.dispatchEvent(new MessageEvent('message', { data: { eventMessage: 'hideNavbar' }, origin: 'https://host.example' }));
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: { eventMessage: 'logout' }, origin: 'https://host.example' }));
    expect(received).toEqual([{ eventMessage: 'hideNavbar', origin: 'https://host.example', source: null }]);
  });

  it('ignores messages without an eventMessage string', () => {
    const onMessage = vi.fn();
    const stop = listenToMessages(onMessage);
    for (const data of ['hideNavbar', null, {}, { eventMessage: 3 }, { eventMessage: '' }]) {
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://host.example' }));
    }
    stop();
    expect(onMessage).not.toHaveBeenCalled();
    expect(readEventMessage({ eventMessage: 'checkIsLoggedIn', extra: 1 })).toBe('checkIsLoggedIn');
  });
});

describe('reply', () => {
  it("posts to the sender with the sender's origin as targetOrigin, never '*'", () => {
    const source = { postMessage: vi.fn() };
    reply({ source: source as unknown as MessageEventSource, origin: 'https://host.example' }, 'doneHideNavbar');
    expect(source.postMessage).toHaveBeenCalledWith({ eventMessage: 'doneHideNavbar' }, 'https://host.example');
  });

  it('also posts to a desktop webview host when one is present', () => {
    const webview = { postMessage: vi.fn() };
    (window as WebviewWindow).chrome = { webview };
    const source = { postMessage: vi.fn() };
    reply({ source: source as unknown as MessageEventSource, origin: 'https://host.example' }, 'LoggedInBPR');
    expect(webview.postMessage).toHaveBeenCalledWith({ eventMessage: 'LoggedInBPR' });
    expect(source.postMessage).toHaveBeenCalledTimes(1);
  });

  it('does not answer an opaque origin', () => {
    const source = { postMessage: vi.fn() };
    reply({ source: source as unknown as MessageEventSource, origin: 'null' }, 'LoggedOutBPR');
    expect(source.postMessage).not.toHaveBeenCalled();
  });
});

describe('the parent window', () => {
  it('is not framed at the top level', () => {
    expect(isFramed()).toBe(false);
    expect(notifyParent('LoggedInBPR', ['https://host.example'])).toBe(false);
  });

  it('notifies a framing parent at its allowed origin', () => {
    const parent = { postMessage: vi.fn() };
    const framed = { parent, document: { referrer: 'https://host.example/app/page' } } as unknown as Window;
    expect(isFramed(framed)).toBe(true);
    expect(notifyParent('LoggedInBPR', ['https://other.example', 'https://host.example'], framed)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ eventMessage: 'LoggedInBPR' }, 'https://host.example');
  });

  it('does not notify a parent whose origin is not allowed', () => {
    const parent = { postMessage: vi.fn() };
    const framed = { parent, document: { referrer: 'https://evil.example/' } } as unknown as Window;
    expect(notifyParent('LoggedInBPR', ['https://host.example', 'https://other.example'], framed)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('falls back to the one configured host origin when there is no referrer', () => {
    expect(parentOrigin(['https://host.example'], '')).toBe('https://host.example');
    expect(parentOrigin(['https://a.example', 'https://b.example'], '')).toBeNull();
    expect(parentOrigin([], 'https://host.example/')).toBeNull();
  });
});

describe('allowed origins', () => {
  it('reads a comma-separated list as origins', () => {
    expect(configuredHostOrigins(' https://host.example/path , http://localhost:4000,nonsense')).toEqual([
      'https://host.example',
      'http://localhost:4000',
    ]);
    expect(configuredHostOrigins(undefined)).toEqual([]);
  });

  it("allows the configured hosts and the app's own origin only", () => {
    expect(isAllowedOrigin('https://host.example', ['https://host.example'], 'https://app.example')).toBe(true);
    expect(isAllowedOrigin('https://app.example', [], 'https://app.example')).toBe(true);
    expect(isAllowedOrigin('https://evil.example', ['https://host.example'], 'https://app.example')).toBe(false);
  });
});
