import type { subscriptionContract as c } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { AFTER_SHIFT, delivery, MILAN_7AM, OPTIONS_ALL, subscription, WEEKLY } from '../delivery.fixture.js';
import { SubscriptionsPage } from './SubscriptionsPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

/** Files read through the download helper (previews, a delivery's file) and what was handed to the browser. */
const files = vi.hoisted(() => ({ fetched: [] as { id: string; input: unknown }[], saved: [] as { size: number; name: string }[] }));
vi.mock('../../../core/api/download.js', async (importOriginal) => {
  const actual: object = await importOriginal();
  return {
    ...actual,
    fetchFile: vi.fn(async (endpoint: { id: string }, input: unknown) => {
      files.fetched.push({ id: endpoint.id, input });
      return { blob: new Blob(['%PDF-1.7 report'], { type: 'application/pdf' }), fileName: 'M4-guide-2026-11-26.pdf' };
    }),
    saveFile: vi.fn((blob: Blob, name: string) => files.saved.push({ size: blob.size, name })),
  };
});

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((call) => call.id === id).map((call) => call.input);
// Without motion a closed dialog leaves at once (jsdom never ends an animation).
const routes: AppRoute[] = [{ path: '/fw1/report/subscriptions', element: <ConfigProvider theme={{ token: { motion: false } }}><SubscriptionsPage /></ConfigProvider>, handle: { name: 'reportSubscriptions', resource: 'report.subscription.write' } }];
const rowOf = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement);
const modalOf = async (testId: string) => (await screen.findByTestId(testId, {}, SETTLE)).closest('.ant-modal') as HTMLElement;

function renderPage(list: c.Subscription[], options = OPTIONS_ALL) {
  api.responses.set('delivery.options', options);
  api.responses.set('delivery.list', list);
  renderRoutes(routes, '/fw1/report/subscriptions');
}

describe('report subscriptions page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.reports', 'report.subscription.write'] });
    api.calls.length = 0;
    api.responses.clear();
    files.fetched.length = 0;
    files.saved.length = 0;
  });
  afterEach(() => useFramework.setState({ run: null, resources: [] }));

  it('lists the run’s subscriptions: tool, schedule, format, channels, state, next delivery on the run’s clock', async () => {
    renderPage([subscription(), WEEKLY, AFTER_SHIFT]);
    await screen.findByText('Morning summary', {}, SETTLE);
    expect(calledWith('delivery.list')).toEqual([{ runId: 1 }]);

    const daily = rowOf('Morning summary');
    expect(daily.getByText('Shift and daily summary')).toBeTruthy();
    expect(daily.getByText('Daily at 07:00')).toBeTruthy();
    expect(daily.getByText('PNG picture · Phone')).toBeTruthy();
    expect(daily.getByText('Messages')).toBeTruthy();
    expect(daily.getByText('On')).toBeTruthy();
    // 07:00 in Milan is 06:00 UTC: times are the run's.
    expect(daily.getByText('27/11/2026 07:00')).toBeTruthy();
    expect(daily.getByTestId('delivery-state').textContent).toBe('Sent');
    expect(daily.getByTestId('delivery-state').className).toContain('green');

    const weekly = rowOf('Weekly guidance for the client');
    expect(weekly.getByText('Guidance view')).toBeTruthy();
    expect(weekly.getByText('Mondays at 07:30')).toBeTruthy();
    expect(weekly.getByText('PDF · A4')).toBeTruthy();
    expect(weekly.getByText('E-mail (2)')).toBeTruthy();
    expect(weekly.getByText('Webhook')).toBeTruthy();
    expect(weekly.queryByText('Messages')).toBeNull();
    expect(weekly.getByTestId('delivery-state').textContent).toBe('Partly sent');
    expect(weekly.getByTestId('delivery-state').className).toContain('gold');

    const shift = rowOf('Shift report to the crew');
    expect(shift.getByText('After every shift')).toBeTruthy();
    expect(shift.getByText('Off')).toBeTruthy();
    expect(shift.getByText('Not yet')).toBeTruthy();
    expect(screen.queryByTestId('option-no-browser')).toBeNull();
  });

  it('explains an empty list and offers a new subscription from it', async () => {
    renderPage([]);
    const empty = await screen.findByTestId('subscriptions-empty', {}, SETTLE);
    expect(within(empty).getByText(/No subscriptions yet/)).toBeTruthy();
    expect(screen.queryByTestId('subscriptions-table')).toBeNull();
    await user.click(within(empty).getByTestId('subscription-new'));
    expect(await screen.findByText('New subscription', { selector: '.ant-modal-title' }, SETTLE)).toBeTruthy();
  });

  it('says when the server has no browser or no e-mail, and disables what needs them', async () => {
    renderPage([subscription()], { render: false, email: false, webhookPrivate: false });
    expect((await screen.findByTestId('option-no-browser', {}, SETTLE)).textContent).toMatch(/no browser to render report pictures/);
    expect(screen.getByTestId('option-no-email').textContent).toMatch(/E-mail is not set up on this server/);
    await screen.findByText('Morning summary', {}, SETTLE);
    expect((rowOf('Morning summary').getByTestId('subscription-preview') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('subscription-new'));
    const dialog = await modalOf('subscription-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('subscription-emails').className).toContain('disabled'), SETTLE);
    expect(within(dialog).getByText(/E-mail is not set up on this server/)).toBeTruthy();
    expect(within(dialog).getByText(/Only public internet addresses are allowed/)).toBeTruthy();
  });

  it('checks the form as the server does, and shows the server’s field problems at their fields', async () => {
    renderPage([]);
    api.responses.set('delivery.save', () => {
      throw new ApiError(3, 'Die Webhook-Adresse wurde abgelehnt', { fields: [{ field: 'channels.webhookUrl', message: 'Die Adresse zeigt in ein privates Netz' }] });
    });
    await user.click(within(await screen.findByTestId('subscriptions-empty', {}, SETTLE)).getByTestId('subscription-new'));
    const dialog = await modalOf('subscription-dialog');
    const save = within(dialog).getByRole('button', { name: /Save/ });

    // No name, and no channel at all: refused here, nothing sent.
    await user.click(within(dialog).getByTestId('subscription-message'));
    await user.click(save);
    expect(await within(dialog).findByText('This field is required', {}, SETTLE)).toBeTruthy();
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-has-error [data-testid="subscription-message"]')).not.toBeNull(), SETTLE);
    expect(calledWith('delivery.save')).toEqual([]);

    await user.type(within(dialog).getByTestId('subscription-name'), 'Client webhook');
    await user.type(within(dialog).getByTestId('subscription-webhook'), 'https://10.0.0.7/hook');
    await user.click(save);
    await waitFor(() => expect(calledWith('delivery.save')).toHaveLength(1), SETTLE);
    expect(calledWith('delivery.save')[0]).toEqual({
      runId: 1,
      name: 'Client webhook',
      tool: 'shiftDailyTool',
      schedule: { kind: 'daily', time: '07:00' },
      format: 'png',
      size: 'phone',
      lang: null,
      channels: { message: false, emails: [], webhookUrl: 'https://10.0.0.7/hook' },
      enabled: true,
      rotateSecret: false,
    });
    // The server's words, at the webhook field.
    const problem = await within(dialog).findByText('Die Adresse zeigt in ein privates Netz', {}, SETTLE);
    expect(problem.closest('.ant-form-item')?.querySelector('[data-testid="subscription-webhook"]')).not.toBeNull();
  });

  it('takes e-mail addresses as tags and refuses one that is no address before sending', async () => {
    renderPage([]);
    api.responses.set('delivery.save', (input: c.SubscriptionSave) => subscription({ id: 21, name: input.name }));
    await user.click(within(await screen.findByTestId('subscriptions-empty', {}, SETTLE)).getByTestId('subscription-new'));
    const dialog = await modalOf('subscription-dialog');
    await user.type(within(dialog).getByTestId('subscription-name'), 'PM by mail');
    const emails = within(within(dialog).getByTestId('subscription-emails')).getByRole('combobox');
    await user.type(emails, 'pm@example.it,not-an-address,');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('not-an-address: Wrong email format', {}, SETTLE)).toBeTruthy();
    expect(calledWith('delivery.save')).toEqual([]);

    // Removing the wrong one sends the rest.
    const wrong = within(dialog).getByText('not-an-address').closest('.ant-select-selection-item') as HTMLElement;
    await user.click(within(wrong).getByRole('img', { hidden: true, name: 'close' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calledWith('delivery.save')).toHaveLength(1), SETTLE);
    expect(calledWith('delivery.save')[0]).toMatchObject({ channels: { message: true, emails: ['pm@example.it'], webhookUrl: null } });
  });

  it('asks for the time of a daily delivery, and none after every shift', async () => {
    renderPage([]);
    api.responses.set('delivery.save', (input: c.SubscriptionSave) => subscription({ id: 20, name: input.name, schedule: { kind: 'shift' } }));
    await user.click(within(await screen.findByTestId('subscriptions-empty', {}, SETTLE)).getByTestId('subscription-new'));
    const dialog = await modalOf('subscription-dialog');
    expect(within(dialog).getByTestId('subscription-time')).toBeTruthy();
    await user.click(within(dialog).getByText('After every shift'));
    expect(await within(dialog).findByTestId('schedule-shift-hint', {}, SETTLE)).toBeTruthy();
    expect(within(dialog).queryByTestId('subscription-time')).toBeNull();
    await user.type(within(dialog).getByTestId('subscription-name'), 'Crew{Enter}');
    await waitFor(() => expect(calledWith('delivery.save')).toHaveLength(1), SETTLE);
    expect(calledWith('delivery.save')[0]).toMatchObject({ name: 'Crew', schedule: { kind: 'shift' } });
    // Saved, closed and listed again; no webhook, no secret to show.
    await waitFor(() => expect(screen.queryByTestId('subscription-dialog')).toBeNull(), SETTLE);
    await waitFor(() => expect(calledWith('delivery.list').length).toBeGreaterThan(1), SETTLE);
    expect(screen.queryByTestId('secret-value')).toBeNull();
  });

  it('shows a new webhook secret once, with a copy button and how to verify the signature', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const SECRET = 'whsec_8tq0Jm4vY2c9KkZ1xN3pW7rL5sD6fG0hB2nM4qV8eT1';
    renderPage([WEEKLY]);
    api.responses.set('delivery.save', (input: c.SubscriptionSave) => ({ ...WEEKLY, webhookSecret: input.rotateSecret ? SECRET : null }));
    await screen.findByText('Weekly guidance for the client', {}, SETTLE);
    await user.click(rowOf('Weekly guidance for the client').getByTestId('subscription-edit'));
    const dialog = await modalOf('subscription-dialog');
    expect((within(dialog).getByTestId('subscription-webhook') as HTMLInputElement).value).toBe('https://chat.example.com/hooks/abc');
    expect(within(dialog).getByText('pm@example.it')).toBeTruthy();
    await user.click(within(dialog).getByTestId('subscription-rotate'));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calledWith('delivery.save')).toHaveLength(1), SETTLE);
    expect(calledWith('delivery.save')[0]).toMatchObject({ id: 12, runId: 1, rotateSecret: true, lang: 'it_IT', channels: { message: false, emails: ['pm@example.it', 'client@example.it'] } });

    const secret = await screen.findByTestId('secret-value', {}, SETTLE);
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    const modal = secret.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText(/shown only this once/)).toBeTruthy();
    expect(within(modal).getByText(/X-Boreline-Signature: sha256= followed by the HMAC-SHA256/)).toBeTruthy();
    await user.click(within(modal).getByTestId('secret-copy'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await user.click(within(modal).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('secret-value')).toBeNull(), SETTLE);
    // The list read again holds no secret: nothing shows it a second time.
    await waitFor(() => expect(calledWith('delivery.list').length).toBeGreaterThan(1), SETTLE);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('sends now and opens the delivery log: channels, failures, next try and the file', async () => {
    renderPage([WEEKLY]);
    const pending = delivery({
      id: 610,
      subscriptionId: 12,
      trigger: 'manual',
      state: 'pending',
      attempts: 2,
      nextAttemptAt: MILAN_7AM + 5 * 60_000,
      fileName: 'M4-guide-2026-11-26.pdf',
      channels: [
        { channel: 'email', state: 'sent', attempts: 1, error: null, at: MILAN_7AM },
        { channel: 'webhook', state: 'pending', attempts: 2, error: 'HTTP 502', at: MILAN_7AM },
      ],
    });
    const failed = delivery({ id: 600, subscriptionId: 12, dueAt: MILAN_7AM - 7 * 86_400_000, state: 'failed', fileId: null, fileName: null, error: 'The report page did not finish in time', channels: [] });
    api.responses.set('delivery.send', pending);
    api.responses.set('delivery.log', { total: 2, page: 1, pageSize: 10, records: [pending, failed] });
    await screen.findByText('Weekly guidance for the client', {}, SETTLE);
    await user.click(rowOf('Weekly guidance for the client').getByTestId('subscription-send'));
    await waitFor(() => expect(calledWith('delivery.send')).toEqual([{ id: 12 }]), SETTLE);

    const log = await screen.findByTestId('delivery-log-table', {}, SETTLE);
    expect(screen.getByText('Delivery log · Weekly guidance for the client')).toBeTruthy();
    await waitFor(() => expect(calledWith('delivery.log')[0]).toEqual({ id: 12, page: 1, pageSize: 10 }), SETTLE);
    const first = within(within(log).getByText('Sent by hand').closest('tr') as HTMLElement);
    expect(first.getByText('26/11/2026 07:00')).toBeTruthy();
    expect(first.getByTestId('delivery-state').textContent).toBe('Pending');
    expect(first.getByText('Next try 26/11/2026 07:05')).toBeTruthy();
    expect(first.getByTestId('delivery-channel-email').textContent).toContain('E-mail · Sent');
    expect(first.getByTestId('delivery-channel-webhook').textContent).toContain('Webhook · Pending');
    expect(first.getByTestId('delivery-channel-webhook').textContent).toContain('HTTP 502');
    const second = within(within(log).getByText('Scheduled').closest('tr') as HTMLElement);
    expect(second.getByTestId('delivery-state').textContent).toBe('Failed');
    expect(second.getByTestId('delivery-error').textContent).toBe('The report page did not finish in time');
    expect(second.queryByTestId('delivery-file')).toBeNull();

    await user.click(first.getByTestId('delivery-file'));
    await waitFor(() => expect(files.saved).toEqual([{ size: 15, name: 'M4-guide-2026-11-26.pdf' }]), SETTLE);
    expect(files.fetched).toEqual([{ id: 'files.download', input: { id: 'AbCdEfGhIjKlMnOpQrStUv' } }]);
  });

  it('pages through the log of older deliveries', async () => {
    renderPage([WEEKLY]);
    api.responses.set('delivery.log', (input: { page: number; pageSize: number }) => ({
      total: 14,
      page: input.page,
      pageSize: input.pageSize,
      records: Array.from({ length: input.page === 1 ? 10 : 4 }, (_, i) => delivery({ id: 700 + (input.page - 1) * 10 + i, subscriptionId: 12, dueAt: MILAN_7AM - ((input.page - 1) * 10 + i) * 604_800_000 })),
    }));
    await screen.findByText('Weekly guidance for the client', {}, SETTLE);
    await user.click(rowOf('Weekly guidance for the client').getByTestId('subscription-log'));
    const log = await screen.findByTestId('delivery-log-table', {}, SETTLE);
    await within(log).findByText('26/11/2026 07:00', {}, SETTLE);
    expect(screen.getByText('14 in all')).toBeTruthy();
    await user.click(within(log.closest('.bl-data-table') as HTMLElement).getByTitle('2'));
    await waitFor(() => expect(calledWith('delivery.log').at(-1)).toEqual({ id: 12, page: 2, pageSize: 10 }), SETTLE);
    // The eleventh delivery back, ten weeks earlier: 06:00 UTC is 08:00 in Milan in summer time.
    expect(await within(log).findByText('17/09/2026 08:00', {}, SETTLE)).toBeTruthy();
    expect(calledWith('delivery.send')).toEqual([]);
  });

  it('previews the report page as it would be delivered, and opens the tool page in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage([WEEKLY]);
    api.responses.set('delivery.toolTicket', { ticket: 'tl123', path: '/client_web/guideTool?ticket=tl123&runId=1&size=a4&lang=it_IT', expiresAt: MILAN_7AM });
    await screen.findByText('Weekly guidance for the client', {}, SETTLE);
    await user.click(rowOf('Weekly guidance for the client').getByTestId('subscription-preview'));
    await waitFor(() => expect(files.saved).toEqual([{ size: 15, name: 'M4-guide-2026-11-26.pdf' }]), SETTLE);
    expect(files.fetched).toEqual([{ id: 'delivery.toolRender', input: { runId: 1, tool: 'guideTool', format: 'pdf', size: 'a4', lang: 'it_IT', params: {} } }]);

    await user.click(rowOf('Weekly guidance for the client').getByTestId('subscription-open'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/client_web/guideTool?ticket=tl123&runId=1&size=a4&lang=it_IT', '_blank', 'noopener,noreferrer'), SETTLE);
    expect(calledWith('delivery.toolTicket')).toEqual([{ runId: 1, tool: 'guideTool', size: 'a4', lang: 'it_IT', params: {} }]);
    open.mockRestore();
  });

  it('deletes a subscription after confirming', async () => {
    renderPage([subscription(), WEEKLY]);
    api.responses.set('delivery.delete', null);
    await screen.findByText('Morning summary', {}, SETTLE);
    await user.click(rowOf('Morning summary').getByTestId('subscription-delete'));
    const confirm = (await screen.findByText('Delete the subscription Morning summary permanently?', {}, SETTLE)).closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText(/delivery log and delivered files are deleted/)).toBeTruthy();
    expect(calledWith('delivery.delete')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith('delivery.delete')).toEqual([{ id: 11 }]), SETTLE);
  });
});
