import type { announcementContract } from '@boreline/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { AnnouncementHeader } from '../components/AnnouncementHeader.js';
import { AnnouncementHistoryPage } from './AnnouncementHistoryPage.js';
import { AnnouncementPage } from './AnnouncementPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const HOUR = 3_600_000;
const now = Date.now();
const announcement = (over: Partial<announcementContract.Announcement>): announcementContract.Announcement => ({
  id: 1,
  title: 'Night shift handover moves to 19:30',
  content: '<p>From Monday at <b>19:30</b></p><img src=x onerror="window.hacked=1"><a href="javascript:alert(1)">x</a>',
  start: now - HOUR,
  end: now + 24 * HOUR,
  pinned: false,
  current: true,
  read: false,
  createdAt: now - HOUR,
  ...over,
});
const HANDOVER = announcement({});
const SAFETY = announcement({ id: 2, title: 'Safety stand-down', content: '<h3>All crews</h3>', pinned: true, read: true });
const managed = (a: announcementContract.Announcement): announcementContract.ManagedAnnouncement => ({ ...a, orgIds: [7], runIds: [], orgs: [{ id: 7, name: 'Milano site office' }], runs: [], updatedAt: a.createdAt });

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsOf = (id: string) => api.calls.filter((c) => c.id === id);

describe('announcement pages', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    sessionStorage.clear();
    api.responses.set('announcement.current', [SAFETY, HANDOVER]);
    api.responses.set('announcement.list', { total: 2, page: 1, pageSize: 20, records: [managed(SAFETY), managed(HANDOVER)] });
    api.responses.set('announcement.audience', { orgs: [{ id: 7, name: 'Milano site office', depth: 0 }], runs: [{ id: 1, name: 'Metro M4 · S-1125' }] });
    api.responses.set('announcement.history', { total: 1, page: 1, pageSize: 20, records: [announcement({ id: 3, title: 'Grout plant back in service', current: false, end: now - HOUR })] });
    api.responses.set('announcement.read', { changed: 1 });
    api.responses.set('announcement.add', { id: 9, recipients: 3 });
  });
  afterEach(() => {
    cleanup();
    delete (window as unknown as { hacked?: number }).hacked;
  });

  it('shows readers without the write code the current announcements, bodies rebuilt safely', async () => {
    useFramework.setState({ user: null, resources: ['menu.messages.announcement'] });
    renderRoutes([{ path: '/fw1/announcement', element: <AnnouncementPage />, handle: { name: 'announcement', resource: 'menu.messages.announcement' } }], '/fw1/announcement');
    const current = await screen.findByTestId('announcement-current');
    await within(current).findByText('Night shift handover moves to 19:30');
    expect(within(current).getByText('Safety stand-down')).toBeTruthy();
    expect(current.querySelector('img')).toBeNull();
    expect(current.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(current.querySelector('b')?.textContent).toBe('19:30');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(callsOf('announcement.list')).toHaveLength(0);
  });

  it('lets writers list, add (with the server rules checked in the form) and delete', async () => {
    useFramework.setState({ user: null, resources: ['menu.messages.announcement', 'messages.announcement.write'] });
    renderRoutes([{ path: '/fw1/announcement', element: <AnnouncementPage />, handle: { name: 'announcement', resource: 'menu.messages.announcement' } }], '/fw1/announcement');
    const table = await screen.findByTestId('announcement-table');
    await within(table).findByText('Safety stand-down');
    expect(within(table).getAllByText('Milano site office')).toHaveLength(2);
    expect(within(table).getAllByText('Current')).toHaveLength(2);

    await user.click(screen.getByTestId('announcement-add'));
    const dialog = await screen.findByTestId('announcement-dialog');
    await user.type(within(dialog).getByTestId('announcement-title'), 'Ventilation test');
    await user.type(within(dialog).getByTestId('announcement-content'), '<p>Fans at <b>22:00</b></p>');
    expect(within(dialog).getByTestId('announcement-preview').querySelector('b')?.textContent).toBe('22:00');
    // Nobody addressed yet: the contract's rule says so at the field.
    await user.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save|OK/ }));
    await within(dialog).findByText('Choose at least one organization or project');
    expect(callsOf('announcement.add')).toHaveLength(0);
    fireEvent.mouseDown(within(within(dialog).getByTestId('announcement-orgs').closest('.ant-form-item') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThanOrEqual(1));
    fireEvent.click(await screen.findByTitle('Milano site office'));
    await user.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save|OK/ }));
    await waitFor(() => expect(callsOf('announcement.add')).toHaveLength(1));
    expect(callsOf('announcement.add')[0]?.input).toMatchObject({ title: 'Ventilation test', content: '<p>Fans at <b>22:00</b></p>', orgIds: [7], runIds: [], pinned: false });
    const sent = callsOf('announcement.add')[0]?.input as { start: number; end: number };
    expect(sent.end - sent.start).toBe(7 * 24 * HOUR);

    api.responses.set('announcement.delete', null);
    await user.click(within(table).getAllByTestId('announcement-delete')[0] as HTMLElement);
    await screen.findByText('Delete the announcement “Safety stand-down”?');
    const confirm = document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-btn-dangerous') as HTMLElement;
    await user.click(confirm);
    await waitFor(() => expect(callsOf('announcement.delete')).toEqual([{ id: 'announcement.delete', input: { id: 2 } }]));
  });

  it('lists the history with past ones marked ended', async () => {
    useFramework.setState({ user: null, resources: ['menu.messages.announcementHistory'] });
    renderRoutes([{ path: '/fw1/announcement/history', element: <AnnouncementHistoryPage />, handle: { name: 'announcementHistory', resource: 'menu.messages.announcementHistory' } }], '/fw1/announcement/history');
    const table = await screen.findByTestId('announcement-history-table');
    await within(table).findByText('Grout plant back in service');
    expect(within(table).getByText('Ended')).toBeTruthy();
  });

  it('shows the unread current ones once per session after sign-in, and marks them read', async () => {
    useFramework.setState({ user: null, resources: [] });
    renderRoutes([{ path: '/', element: <AnnouncementHeader />, handle: { name: 'x', resource: 'authenticated' } }], '/');
    const bell = await screen.findByTestId('announcement-bell');
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('1'));
    const signIn = await screen.findByTestId('announcement-signin');
    expect(within(signIn).getByText('Night shift handover moves to 19:30')).toBeTruthy();
    expect(within(signIn).queryByText('Safety stand-down')).toBeNull();
    await user.click(screen.getByTestId('announcement-signin-read'));
    await waitFor(() => expect(callsOf('announcement.read')).toEqual([{ id: 'announcement.read', input: { id: 1 } }]));
    cleanup();
    // The same session: no dialog again.
    renderRoutes([{ path: '/', element: <AnnouncementHeader />, handle: { name: 'x', resource: 'authenticated' } }], '/');
    await screen.findByTestId('announcement-bell');
    await waitFor(() => expect(callsOf('announcement.current').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('announcement-signin')).toBeNull();
  });
});
