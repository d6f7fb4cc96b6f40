import type { SocketLike } from './realtimeClient.js';

/**
 * A socket the test drives: it records what the client sends and lets the test open it, deliver
 * frames as the message server would (JSON text) and close it.
 */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  private readonly handlers = { open: [] as (() => void)[], close: [] as (() => void)[], error: [] as (() => void)[], message: [] as ((event: { data: unknown }) => void)[] };

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
    for (const handler of this.handlers.close) handler();
  }
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message' | 'open' | 'close' | 'error', listener: ((event: { data: unknown }) => void) | (() => void)): void {
    if (type === 'message') this.handlers.message.push(listener);
    else this.handlers[type].push(() => listener({ data: undefined }));
  }

  /** The server accepted the connection: the client sends `connect`. */
  open(): void {
    this.readyState = 1;
    for (const handler of this.handlers.open) handler();
  }
  /** A frame from the server, as text (objects are sent as JSON). */
  deliver(frame: unknown): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    for (const handler of this.handlers.message) handler({ data });
  }
  /** Opens the socket and answers `connect` the way the server does. */
  connect(userId = 1): void {
    this.open();
    this.deliver({ type: 'connected', userId, runId: null });
  }
}

/** A socket factory that keeps every socket it made, newest last. */
export function fakeSockets(): { sockets: FakeSocket[]; factory: () => FakeSocket; latest: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket opened yet');
      return socket;
    },
  };
}
