import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * The message bus between instances (ARCHITECTURE.md §1, §6): what one instance publishes, every
 * instance — itself included — receives, as the same string (serialized once by the publisher).
 * In process by default; Redis pub/sub when `REDIS_URL` is set.
 */
export interface Bus {
  publish(message: string): void;
  onMessage(handler: (message: string) => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter();

  publish(message: string): void {
    // Delivered on the next tick, as a broker would: a publisher never runs its receivers inline.
    queueMicrotask(() => this.emitter.emit('message', message));
  }

  onMessage(handler: (message: string) => void): void {
    this.emitter.on('message', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** One channel per installation (`<prefix>bus`); a subscriber connection and a publisher connection. */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly handlers: ((message: string) => void)[] = [];
  /** Resolves once the subscription is in place (messages published earlier are not seen). */
  readonly ready: Promise<void>;

  constructor(url: string, prefix: string, onError: (error: Error) => void) {
    this.channel = `${prefix}bus`;
    this.pub = new Redis(url);
    this.sub = new Redis(url);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      for (const handler of this.handlers) handler(message);
    });
    this.ready = this.sub.subscribe(this.channel).then(() => undefined);
  }

  publish(message: string): void {
    void this.pub.publish(this.channel, message).catch(() => undefined);
  }

  onMessage(handler: (message: string) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
