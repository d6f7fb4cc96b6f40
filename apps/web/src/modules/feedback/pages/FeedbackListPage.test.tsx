import type { feedbackContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { FeedbackListPage } from './FeedbackListPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const item = (over: Partial<feedbackContract.FeedbackItem>): feedbackContract.FeedbackItem => ({
  id: 1,
  name: 'Giulia',
  contact: 'giulia@example.it',
  content: `The map is blank ${XSS}`,
  submittedAt: Date.UTC(2026, 10, 20, 9, 30),
  state: 'new',
  userId: null,
  userName: null,
  reply: null,
  repliedAt: null,
  repliedBy: null,
  screenshotIds: [],
  ...over,
});
const VISITOR = item({});
const ENGINEER = item({ id: 2, name: 'Site engineer', content: 'Ring 412 shows twice', state: 'inProgress', userId: 7, userName: 'Engineer' });

function renderPage(resources = ['menu.feedback.list', 'feedback.record.read', 'feedback.record.write']) {
  useFramework.setState({ run: null, user: null, resources });
  api.responses.set('feedback.queryList', { total: 2, page: 1, pageSize: 20, records: [VISITOR, ENGINEER] });
  renderRoutes([{ path: '/fw1/feedback/list', element: <FeedbackListPage />, handle: { name: 'feedbackList', resource: 'menu.feedback.list' } }], '/fw1/feedback/list');
}

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsOf = (id: string) => api.calls.filter((c) => c.id === id);
const rowOf = (table: HTMLElement, text: string) => within(within(table).getByText(text, { exact: false }).closest('tr') ?? table);

describe('feedback list page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
  });
  afterEach(() => {
    cleanup();
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('lists feedback with states, shows a payload as text and makes no element of it', async () => {
    renderPage();
    const table = await screen.findByTestId('feedback-table');
    await waitFor(() => expect(within(table).getByText(`The map is blank ${XSS}`)).toBeTruthy());
    expect(table.querySelector('img[src="x"]')).toBeNull();
    expect(table.querySelector('script')).toBeNull();
    expect(rowOf(table, 'The map is blank').getByText('Visitor')).toBeTruthy();
    expect(rowOf(table, 'The map is blank').getAllByText('New').length).toBeGreaterThan(0);
    expect(rowOf(table, 'Ring 412').getByText('Engineer')).toBeTruthy();
    expect(callsOf('feedback.queryList')[0]?.input).toEqual({ page: 1, pageSize: 20 });
  });

  it('replies: the reply goes with the id, a visitor is told the reply stays here', async () => {
    api.responses.set('feedback.reply', { ...VISITOR, state: 'answered', reply: 'Thanks' });
    renderPage();
    const table = await screen.findByTestId('feedback-table');
    await waitFor(() => expect(within(table).getByText(`The map is blank ${XSS}`)).toBeTruthy());
    await user.click(rowOf(table, 'The map is blank').getByTestId('feedback-reply'));
    const dialog = await screen.findByTestId('feedback-reply-dialog');
    expect(within(dialog.closest('.ant-modal') as HTMLElement).getByText(/Sent without an account/)).toBeTruthy();
    const save = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save|OK/, hidden: true });
    await user.click(save);
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), 'Thanks, the layer is back');
    await user.click(save);
    await waitFor(() => expect(callsOf('feedback.reply')).toEqual([{ id: 'feedback.reply', input: { id: 1, text: 'Thanks, the layer is back' } }]));
  });

  it('a reader without the write code sees no reply or state change', async () => {
    renderPage(['menu.feedback.list', 'feedback.record.read']);
    const table = await screen.findByTestId('feedback-table');
    await waitFor(() => expect(within(table).getByText('Ring 412 shows twice')).toBeTruthy());
    expect(within(table).queryByTestId('feedback-reply')).toBeNull();
    expect(within(table).queryByTestId('feedback-state-select')).toBeNull();
    expect(within(table).getAllByTestId('feedback-detail')).toHaveLength(2);
  });
});
