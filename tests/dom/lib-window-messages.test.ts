import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configuredHostOrigins,
  createWindowTransport,
  isFramed,
  parentOrigin,
  readEventMessage,
  type ReceivedMessage,
} from '@src/lib/window-messages';

type WebviewListener = (event: { data: unknown }) => void;
type WebviewWindow = Window & {
  chrome?: { webview?: { postMessage: (message: unknown) => void; addEventListener?: (type: 'message', listener: WebviewListener) => void; removeEventListener?: (type: 'message', listener: WebviewListener) => void } };
};

const HOST = 'https://host.example';

/** A real window to stand in as the sender: an iframe's contentWindow, its postMessage spied. */
function senderWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const source = frame.contentWindow!;
  const postMessage = vi.spyOn(source, 'postMessage').mockImplementation(() => undefined);
  return { source, postMessage };
}

function receive(data: unknown, origin: string, source: Window | null = null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  delete (window as WebviewWindow).chrome;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('listen', () => {
  it('hands eventMessage, origin and data of each message to the callback, until stopped', () => {
    const received: ReceivedMessage[] = [];
    const stop = createWindowTransport().listen((message) => received.push(message));
    receive({ eventMessage: 'hideNavbar' }, HOST);
    stop();
    receive({ eventMessage: 'logout' }, HOST);
    expect(received).toEqual([{ eventMessage: 'hideNavbar', origin: HOST, data: { eventMessage: 'hideNavbar' } }]);
  });

  it('ignores messages without an eventMessage string', () => {
    const onMessage = vi.fn();
    const stop = createWindowTransport().listen(onMessage);
    for (const data of ['hideNavbar', null, {}, { eventMessage: 3 }, { eventMessage: '' }]) receive(data, HOST);
    stop();
    expect(onMessage).not.toHaveBeenCalled();
    expect(readEventMessage({ eventMessage: 'checkIsLoggedIn', extra: 1 })).toBe('checkIsLoggedIn');
  });

  it("takes a desktop webview host's messages as coming from the app's own origin", () => {
    let webviewListener: WebviewListener | undefined;
    const removeEventListener = vi.fn();
    (window as WebviewWindow).chrome = {
      webview: { postMessage: vi.fn(), addEventListener: (_type, listener) => (webviewListener = listener), removeEventListener },
    };
    const onMessage = vi.fn();
    const stop = createWindowTransport().listen(onMessage);
    webviewListener!({ data: { eventMessage: 'checkIsLoggedIn' } });
    expect(onMessage).toHaveBeenCalledWith({ eventMessage: 'checkIsLoggedIn', origin: window.location.origin, data: { eventMessage: 'checkIsLoggedIn' } });
    stop();
    expect(removeEventListener).toHaveBeenCalledWith('message', webviewListener);
  });
});

describe('reply', () => {
  it("answers the sender with the sender's origin as targetOrigin, never '*'", () => {
    const transport = createWindowTransport();
    const stop = transport.listen(() => undefined);
    const { source, postMessage } = senderWindow();
    receive({ eventMessage: 'hideNavbar' }, HOST, source);
    transport.reply(HOST, 'doneHideNavbar');
    stop();
    expect(postMessage).toHaveBeenCalledWith({ eventMessage: 'doneHideNavbar' }, HOST);
  });

  it('answers nobody at an origin that has not written, nor at "*"', () => {
    const transport = createWindowTransport();
    const stop = transport.listen(() => undefined);
    const { source, postMessage } = senderWindow();
    receive({ eventMessage: 'hideNavbar' }, HOST, source);
    transport.reply('https://other.example', 'doneHideNavbar');
    transport.reply('*', 'doneHideNavbar');
    stop();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('also posts to a desktop webview host when one is present', () => {
    const webview = { postMessage: vi.fn() };
    (window as WebviewWindow).chrome = { webview };
    const transport = createWindowTransport();
    const stop = transport.listen(() => undefined);
    const { source, postMessage } = senderWindow();
    receive({ eventMessage: 'checkIsLoggedIn' }, HOST, source);
    transport.reply(HOST, 'LoggedInBPR');
    stop();
    expect(webview.postMessage).toHaveBeenCalledWith({ eventMessage: 'LoggedInBPR' });
    expect(postMessage).toHaveBeenCalledWith({ eventMessage: 'LoggedInBPR' }, HOST);
  });
});

describe('the parent window', () => {
  it('is not framed at the top level, and is not notified then', () => {
    expect(isFramed()).toBe(false);
    expect(parentOrigin()).toBeNull();
    expect(createWindowTransport().notifyParent('LoggedInBPR', HOST)).toBe(false);
  });

  it('notifies a framing parent at the given origin', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const framed = frame.contentWindow!;
    const postMessage = vi.spyOn(framed.parent, 'postMessage').mockImplementation(() => undefined);
    expect(isFramed(framed)).toBe(true);
    expect(createWindowTransport(framed).notifyParent('LoggedInBPR', HOST)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ eventMessage: 'LoggedInBPR' }, HOST);
  });

  it("never notifies with '*' or an empty origin", () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const postMessage = vi.spyOn(frame.contentWindow!.parent, 'postMessage').mockImplementation(() => undefined);
    const transport = createWindowTransport(frame.contentWindow!);
    expect(transport.notifyParent('LoggedInBPR', '*')).toBe(false);
    expect(transport.notifyParent('LoggedInBPR', '')).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("reads the parent's origin from ancestorOrigins, else from the referrer", () => {
    const withAncestor = { parent: {}, location: { ancestorOrigins: [HOST] }, document: { referrer: 'https://ref.example/x' } } as unknown as Window;
    expect(parentOrigin(withAncestor)).toBe(HOST);
    const withReferrer = { parent: {}, location: {}, document: { referrer: 'https://ref.example/page?a=1' } } as unknown as Window;
    expect(parentOrigin(withReferrer)).toBe('https://ref.example');
    const unknown = { parent: {}, location: {}, document: { referrer: '' } } as unknown as Window;
    expect(parentOrigin(unknown)).toBeNull();
  });
});

describe('configuredHostOrigins', () => {
  it('reads a comma-separated list as origins', () => {
    expect(configuredHostOrigins(' https://host.example/path , http://localhost:4000,nonsense,')).toEqual([HOST, 'http://localhost:4000']);
    expect(configuredHostOrigins(undefined)).toEqual([]);
  });
});
