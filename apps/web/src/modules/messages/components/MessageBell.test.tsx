import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { FakeSocket } from '../../../core/realtime/fakeSocket.fixture.js';
import { realtime } from '../../../core/realtime/realtime.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { confirmDialog, counts, message } from '../messages.fixture.js';
import { MessageBell } from './MessageBell.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);

/** The app's own socket client, on sockets the test drives (the browser's WebSocket replaced). */
const sockets: FakeSocket[] = [];
class TestWebSocket extends FakeSocket {
  constructor() {
    super();
    sockets.push(this);
  }
}
const socket = () => {
  const last = sockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

const routes: AppRoute[] = [
  { path: '/fw1/home', element: <MessageBell />, handle: { name: 'home', resource: 'authenticated' } },
  { path: '/fw1/maintain/content', element: <p>maintenance page</p>, handle: { name: 'maintenance', resource: 'authenticated' } },
  { path: '/fw1/stm_smtce_message', element: <p>message list</p>, handle: { name: 'messageReminder', resource: 'authenticated' } },
];
const bell = () => screen.getByTestId('message-bell');

describe('header bell', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    sockets.length = 0;
    vi.stubGlobal('WebSocket', TestWebSocket);
    useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.maintenance.content'] });
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('messages.countPersonal', counts({ maintenanceReminder: 2 }));
    api.responses.set('project.runQueryProject', [{ runId: 1, projectName: MILAN_RUN.projectName, tbmCode: 'S-1125', machineType: 'epb', timeZone: 'Europe/Rome', orgId: 7 }]);
  });
  afterEach(() => {
    realtime.stop();
    vi.unstubAllGlobals();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows the unread count and changes it when a personal frame arrives, without asking the server again', async () => {
    renderRoutes(routes, '/fw1/home');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Messages, 2 unread'), SETTLE);
    act(() => realtime.start());
    // Every (re)connection reads the counts again, for what arrived while the socket was down.
    act(() => socket().connect());
    await waitFor(() => expect(calledWith('messages.countPersonal')).toHaveLength(2), SETTLE);

    const arrived = message(9, 'componentAlarm', { title: 'Gearbox oil temperature past its alarm limit' });
    act(() => socket().deliver({ type: 'message', message: arrived, unread: counts({ maintenanceReminder: 2, componentAlarm: 1 }) }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Messages, 3 unread'), SETTLE);
    expect(bell().querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');

    // Read in another tab: the counts follow.
    act(() => socket().deliver({ type: 'unread', unread: counts() }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Messages, 0 unread'), SETTLE);
    expect(bell().querySelector('.ant-badge-count[data-show="true"]')).toBeNull();
    expect(calledWith('messages.countPersonal')).toHaveLength(2);
  });

  it('opens with the keyboard on the newest unread messages in their project’s time, and Escape returns to the bell', async () => {
    api.responses.set('messages.getPersonal', {
      records: [message(7, 'maintenanceReminder', { title: 'Maintenance due on S-1125: main bearing grease' }), message(5, 'system', { runId: null, projectName: null, title: 'Welcome' })],
      unread: counts({ maintenanceReminder: 1, system: 1 }),
    });
    renderRoutes(routes, '/fw1/home');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Messages, 2 unread'), SETTLE);
    bell().focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Messages' }, SETTLE);
    const items = await within(panel).findAllByTestId('bell-item', {}, SETTLE);
    expect(items.map((item) => item.querySelector('.bl-bell-title')?.textContent)).toEqual(['Maintenance due on S-1125: main bearing grease', 'Welcome']);
    expect(calledWith('messages.getPersonal')).toEqual([{ limit: 8, unreadOnly: true }]);
    // 07:30 UTC is 08:30 on the Milan site's clock, which says its offset unless it is the reader's.
    expect(within(items[0] ?? panel).getByTestId('message-time').textContent).toMatch(/^14\/11 08:30( GMT\+1)?$/);
    await waitFor(() => expect(document.activeElement).toBe(items[0]), SETTLE);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bell().getAttribute('aria-expanded')).toBe('false'), SETTLE);
    expect(document.activeElement).toBe(bell());
  });

  it('opens what a message is about and marks it read', async () => {
    api.responses.set('messages.getPersonal', { records: [message(7, 'maintenanceReminder')], unread: counts({ maintenanceReminder: 1 }) });
    api.responses.set('messages.readPersonal', { changed: 1, unread: counts() });
    const router = renderRoutes(routes, '/fw1/home');
    await userEvent.click(await screen.findByTestId('message-bell', {}, SETTLE));
    await userEvent.click(await screen.findByTestId('bell-item', {}, SETTLE));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fw1/maintain/content'), SETTLE);
    await waitFor(() => expect(calledWith('messages.readPersonal')).toEqual([{ messageIds: [7] }]), SETTLE);
  });

  it('marks all read only after asking, and the badge goes to 0', async () => {
    // The server's state: two unread until they are read.
    let unread = [message(7, 'maintenanceReminder'), message(8, 'maintenanceReminder')];
    const now = () => counts({ maintenanceReminder: unread.length });
    api.responses.set('messages.countPersonal', () => now());
    api.responses.set('messages.getPersonal', () => ({ records: unread, unread: now() }));
    api.responses.set('messages.readPersonal', () => {
      const changed = unread.length;
      unread = [];
      return { changed, unread: now() };
    });
    renderRoutes(routes, '/fw1/home');
    await userEvent.click(await screen.findByTestId('message-bell', {}, SETTLE));
    await userEvent.click(await screen.findByTestId('bell-read-all', {}, SETTLE));
    const dialog = await confirmDialog('Mark all 2 unread messages as read?');
    expect(calledWith('messages.readPersonal')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calledWith('messages.readPersonal')).toEqual([{ all: true }]), SETTLE);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Messages, 0 unread'), SETTLE);
  });
});
