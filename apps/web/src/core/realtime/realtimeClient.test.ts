import type { PersonalFrame } from '@boreline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from './fakeSocket.fixture.js';
import { RealtimeClient, type RealtimeStatus, type TopicMessage } from './realtimeClient.js';

const unread = (total: number) => ({
  total,
  byType: { maintenanceReminder: total, componentAlarm: 0, monitoringAlarm: 0, stockWarning: 0, announcement: 0, system: 0, report: 0 },
});
const message = {
  id: 41,
  type: 'maintenanceReminder',
  typeName: 'Maintenance reminder',
  runId: 3,
  projectName: 'Metro M4',
  tbmCode: 'S-1125',
  title: 'Maintenance due on S-1125: main bearing grease',
  text: null,
  object: null,
  at: 1_790_000_000_000,
  createdAt: 1_790_000_000_000,
  read: false,
  readAt: null,
};

/**
 * The browser's side of the message server with a socket the test drives: the run topics keep
 * working as before, and the personal channel (frames nobody subscribes to) reaches its listeners.
 */
describe('RealtimeClient', () => {
  let net: ReturnType<typeof fakeSockets>;
  let client: RealtimeClient;
  let statuses: RealtimeStatus[];
  const ended = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    net = fakeSockets();
    statuses = [];
    ended.mockReset();
    client = new RealtimeClient({ url: () => 'ws://test/ws', token: () => 'token-1', language: () => 'it_IT', socket: net.factory, onSessionEnded: ended, reconnectDelayMs: 5_000 });
    client.onStatus((status) => statuses.push(status));
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('sends connect first, subscribes once connected and passes topic messages to their listeners only', () => {
    const data: TopicMessage[] = [];
    const alarms: TopicMessage[] = [];
    client.subscribe('data', 3, (m) => data.push(m), ['thrust.advanceSpeed']);
    client.subscribe('alarm', 3, (m) => alarms.push(m));
    client.start();
    const socket = net.latest();
    socket.connect();
    expect(socket.sent).toEqual([
      { type: 'connect', token: 'token-1', lang: 'it_IT' },
      { type: 'subscribe', topic: 'data', runId: 3, tags: ['thrust.advanceSpeed'] },
      { type: 'subscribe', topic: 'alarm', runId: 3 },
    ]);
    expect(statuses).toEqual(['connecting', 'open']);

    socket.deliver({ type: 'data', runId: 3, ts: 10, prevTs: null, values: { 'thrust.advanceSpeed': 42 } });
    socket.deliver({ type: 'data', runId: 4, ts: 10, prevTs: null, values: {} });
    socket.deliver({ type: 'alarm', runId: 3, at: 10, level: 'error', title: 'Gearbox oil temperature' });
    expect(data).toEqual([{ type: 'data', runId: 3, ts: 10, prevTs: null, values: { 'thrust.advanceSpeed': 42 } }]);
    expect(alarms.map((m) => m.type)).toEqual(['alarm']);

    socket.deliver({ type: 'ping', ts: 99 });
    expect(socket.sent.at(-1)).toEqual({ type: 'pong', ts: 99 });
    socket.deliver({ type: 'refused', topic: 'alarm', runId: 3, code: 2, msg: 'No permission' });
    expect(alarms.map((m) => m.type)).toEqual(['alarm', 'refused']);
  });

  it('hands personal frames (new message, new counts) to personal listeners without subscribing, and nothing else to them', () => {
    const personal: PersonalFrame[] = [];
    const topic: TopicMessage[] = [];
    const off = client.onPersonal((frame) => personal.push(frame));
    client.subscribe('maintenance', 3, (m) => topic.push(m));
    client.start();
    const socket = net.latest();
    socket.connect();
    const sentBefore = socket.sent.length;

    socket.deliver({ type: 'message', message, unread: unread(4) });
    socket.deliver({ type: 'unread', unread: unread(0) });
    socket.deliver({ type: 'data', runId: 3, ts: 1, prevTs: null, values: {} });
    expect(personal).toEqual([
      { type: 'message', message, unread: unread(4) },
      { type: 'unread', unread: unread(0) },
    ]);
    expect(topic).toEqual([]);
    // The personal channel needs no subscription: nothing more was sent.
    expect(socket.sent).toHaveLength(sentBefore);

    off();
    socket.deliver({ type: 'unread', unread: unread(2) });
    expect(personal).toHaveLength(2);
  });

  it('ignores frames that are not JSON or not of the protocol', () => {
    const personal: PersonalFrame[] = [];
    client.onPersonal((frame) => personal.push(frame));
    client.start();
    const socket = net.latest();
    socket.connect();
    socket.deliver('not json');
    socket.deliver({ type: 'message', message: { ...message, type: 'gossip' }, unread: unread(1) });
    socket.deliver({ type: 'unread', unread: { total: -1, byType: {} } });
    expect(personal).toEqual([]);
  });

  it('reconnects 5 s after a close, reports the new opening and subscribes again', () => {
    client.subscribe('state', 3, () => undefined);
    client.start();
    net.latest().connect();
    net.latest().close();
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
    vi.advanceTimersByTime(4_999);
    expect(net.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(net.sockets).toHaveLength(2);
    net.latest().connect();
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
    expect(net.latest().sent).toContainEqual({ type: 'subscribe', topic: 'state', runId: 3 });
  });

  it('stops on the session channel and says whether the account signed in elsewhere', () => {
    client.start();
    net.latest().connect();
    net.latest().deliver({ type: 'session', event: 'forcedOffline', msg: 'Signed in elsewhere' });
    expect(ended).toHaveBeenCalledWith({ forcedOffline: true, message: 'Signed in elsewhere' });
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(10_000);
    expect(net.sockets).toHaveLength(1);
  });
});
