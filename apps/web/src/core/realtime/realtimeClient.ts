import { type Language, type PersonalFrame, REALTIME, type RealtimeTopic, type ServerMessage, SocketFrameSchema } from '@boreline/contracts';

/** What the client needs of a WebSocket: the browser's, or `ws` in Node (both have these methods). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // Two signatures, so `ws`'s WebSocket fits too (its error event has no `data`).
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
}
export type SocketFactory = (url: string) => SocketLike;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';
export type TopicMessage = Extract<ServerMessage, { type: RealtimeTopic }> | Extract<ServerMessage, { type: 'refused' }>;

export interface RealtimeClientOptions {
  url: () => string;
  token: () => string | null;
  language: () => Language;
  socket: SocketFactory;
  /** The session channel: the server ended the session (forced offline when signed in elsewhere). */
  onSessionEnded?: (event: { forcedOffline: boolean; message: string }) => void;
  reconnectDelayMs?: number;
}

interface Listener {
  onMessage: (message: TopicMessage) => void;
  /** null: every tag of the run. */
  tags: readonly string[] | null;
}

const OPEN = 1;
const key = (topic: RealtimeTopic, runId: number) => `${topic}:${runId}`;

/**
 * The browser side of the message server (spec §4, §7): sends `connect` first, subscribes per run
 * and topic for as long as some view listens, answers pings, and opens a new socket
 * `REALTIME.reconnectDelayMs` after any close, subscribing again. Status listeners hear `open` after
 * every (re)connection, so views re-read what they may have missed.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private authenticated = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The tag set last sent per subscription, so a change of views resubscribes only when needed. */
  private readonly sent = new Map<string, string>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly personalListeners = new Set<(frame: PersonalFrame) => void>();
  status: RealtimeStatus = 'idle';

  constructor(private readonly options: RealtimeClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('idle');
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Listens to the personal channel: the signed-in user's new messages (`message`, with the unread
   * counts after it) and their counts after a read elsewhere (`unread`). The server sends these to
   * every console socket of the user without a subscription, so nothing is sent here.
   */
  onPersonal(listener: (frame: PersonalFrame) => void): () => void {
    this.personalListeners.add(listener);
    return () => this.personalListeners.delete(listener);
  }

  /** Listens to a topic of a run; the subscription lasts while any listener does. */
  subscribe(topic: RealtimeTopic, runId: number, onMessage: (message: TopicMessage) => void, tags: readonly string[] | null = null): () => void {
    const k = key(topic, runId);
    const listener: Listener = { onMessage, tags };
    const set = this.listeners.get(k) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(k, set);
    this.sync(topic, runId);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(k);
      this.sync(topic, runId);
    };
  }

  private setStatus(status: RealtimeStatus): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private open(): void {
    const token = this.options.token();
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    this.authenticated = false;
    this.sent.clear();
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.socket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'connect', token, lang: this.options.language() })));
    socket.addEventListener('message', (event) => this.receive(socket, event.data));
    socket.addEventListener('error', () => undefined);
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      this.setStatus('closed');
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.open();
    }, this.options.reconnectDelayMs ?? REALTIME.reconnectDelayMs);
  }

  private receive(socket: SocketLike, data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    // Every frame the server sends: the run topics and session replies, and the personal channel.
    const result = SocketFrameSchema.safeParse(parsed);
    if (!result.success) return;
    const message = result.data;
    switch (message.type) {
      case 'message':
      case 'unread':
        for (const listener of [...this.personalListeners]) listener(message);
        return;
      case 'ping':
        socket.send(JSON.stringify({ type: 'pong', ts: message.ts }));
        return;
      case 'connected':
        this.authenticated = true;
        for (const k of this.listeners.keys()) {
          const [topic, runId] = k.split(':');
          if (isTopic(topic)) this.sync(topic, Number(runId));
        }
        this.setStatus('open');
        return;
      case 'session':
        // No session left to reconnect with: the app signs out (or the H5 view says so).
        this.stop();
        this.options.onSessionEnded?.({ forcedOffline: message.event === 'forcedOffline', message: message.msg });
        return;
      case 'subscribed':
        return;
      case 'refused':
        if (message.topic !== null && message.runId !== null) {
          this.sent.delete(key(message.topic, message.runId));
          this.dispatch(key(message.topic, message.runId), message);
        }
        return;
      default:
        this.dispatch(key(message.type, message.runId), message);
    }
  }

  private dispatch(k: string, message: TopicMessage): void {
    const set = this.listeners.get(k);
    if (!set) return;
    for (const listener of [...set]) listener.onMessage(message);
  }

  /** Sends subscribe/unsubscribe so the server's view matches the listeners of this topic and run. */
  private sync(topic: RealtimeTopic, runId: number): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || !this.authenticated) return;
    const k = key(topic, runId);
    const set = this.listeners.get(k);
    if (!set || set.size === 0) {
      if (this.sent.has(k)) socket.send(JSON.stringify({ type: 'unsubscribe', topic, runId }));
      this.sent.delete(k);
      return;
    }
    const all = [...set].some((l) => l.tags === null);
    const tags = all ? null : [...new Set([...set].flatMap((l) => l.tags ?? []))].sort();
    const signature = tags === null ? '*' : tags.join(',');
    if (this.sent.get(k) === signature) return;
    this.sent.set(k, signature);
    socket.send(JSON.stringify(tags === null || topic !== 'data' ? { type: 'subscribe', topic, runId } : { type: 'subscribe', topic, runId, tags }));
  }
}

const isTopic = (value: string | undefined): value is RealtimeTopic => value === 'data' || value === 'state' || value === 'maintenance' || value === 'alarm';
