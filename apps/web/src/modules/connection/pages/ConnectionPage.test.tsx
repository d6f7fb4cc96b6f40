import type { ConnectionStatus } from '@boreline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { ConnectionPage } from './ConnectionPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
// 2026-11-28 09:00 in Rome (UTC+1).
const AT = Date.UTC(2026, 10, 28, 8, 0, 0);
const KEY = `bk${'Q'.repeat(43)}`;
const URL = 'https://tbm.example.test/server_project/ingest/frames/v1';

const status = (over: Partial<ConnectionStatus> = {}): ConnectionStatus => ({
  runId: MILAN_RUN.runId,
  http: {
    url: URL,
    example: '{"batchId":"gw-000001","frames":[{"ts":1,"values":{"thrust.advanceSpeed":42.5}}]}',
    curl: `curl -X POST '${URL}' -H 'Authorization: <INGEST_KEY>' -H 'Content-Type: application/json' -d '{}'`,
  },
  mqtt: {
    enabled: false,
    topic: 'boreline/runs/1/frames',
    example: '{"key":"<INGEST_KEY>","ts":1,"values":{}}',
    mosquittoPub: "mosquitto_pub -h <BROKER_HOST> -p 1883 -V mqttv5 -q 1 -t 'boreline/runs/1/frames' -D publish user-property ingest-key '<INGEST_KEY>' -m '{}'",
    trustsBrokerAcl: false,
  },
  key: { issued: true, issuedAt: AT },
  lastFrameAt: AT + 5 * 60_000,
  lastSource: 'mqtt',
  lastFrameTs: AT + 5 * 60_000 - 2_000,
  framesPerMinute: 58,
  refusedTotal: 2,
  refusals: [
    { id: 2, at: AT + 4 * 60_000, source: 'mqtt', reason: 'wrongKey', excerpt: '{"key":"***","ts":1}' },
    { id: 1, at: AT + 3 * 60_000, source: 'http', reason: 'badPayload', excerpt: '[ts] {"frames":[{"ts":"x"}]}' },
  ],
  ...over,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConnectionPage />
    </QueryClientProvider>,
  );

describe('connection page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.monitoring.connection', 'connection.status.read'] }));
  afterEach(() => {
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('shows the figures, the addresses, the examples and the refused payloads with their reason on the project clock', async () => {
    api.responses.set('connection.statusQuery', status());
    renderPage();
    const figures = await screen.findByTestId('connection-figures', {}, SETTLE);
    expect(figures.textContent).toContain('28/11/2026 09:05:00');
    expect(figures.textContent).toContain('MQTT');
    expect(figures.textContent).toContain('58');
    expect(within(screen.getByTestId('connection-key')).getByTestId('connection-key-state').textContent).toBe('A key is issued (since 28/11/2026 09:00:00).');
    expect(screen.getByTestId<HTMLInputElement>('connection-http-url').value).toBe(URL);
    expect(screen.getByTestId<HTMLInputElement>('connection-mqtt-topic').value).toBe('boreline/runs/1/frames');
    expect(screen.getByTestId('connection-mqtt-off')).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('connection-example-curl').value).toContain("Authorization: <INGEST_KEY>'");
    const rows = [...screen.getByTestId('connection-refusals').querySelectorAll('tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('28/11/2026 09:04:00');
    expect(rows[0]).toContain('Wrong ingest key');
    expect(rows[1]).toContain('Not a frame or a batch of frames');
    expect(rows[1]).toContain('[ts] {"frames":[{"ts":"x"}]}');
    // Nobody without the key resource is offered its rotation.
    expect(screen.queryByTestId('connection-rotate')).toBeNull();
    expect(api.calls.map((c) => c.input)).toContainEqual({ runId: MILAN_RUN.runId });
  });

  it('says so when nothing arrived and nothing was refused', async () => {
    api.responses.set('connection.statusQuery', status({ key: { issued: false, issuedAt: null }, lastFrameAt: null, lastSource: null, lastFrameTs: null, framesPerMinute: 0, refusedTotal: 0, refusals: [] }));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('connection-figures').textContent).toContain('No data yet'), SETTLE);
    expect(screen.getByTestId('connection-key-state').textContent).toContain('No key issued yet');
    expect(screen.getByText('No payload refused')).toBeTruthy();
  });

  it('replaces the key only after a warning that the old one stops at once, shows the new key once with a copy button, and fills the examples with it', async () => {
    useFramework.setState({ resources: ['menu.monitoring.connection', 'connection.status.read', 'telemetry.ingestKey.write'] });
    api.responses.set('connection.statusQuery', status());
    api.responses.set('telemetry.ingestKeyRotate', { key: KEY });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await userEvent.click(await screen.findByTestId('connection-rotate', {}, SETTLE));
    const confirm = await screen.findByRole('dialog', {}, SETTLE);
    expect(confirm.textContent).toContain('The current key stops working at once');
    // Cancelling changes nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.id === 'telemetry.ingestKeyRotate')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('connection-rotate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Replace key' }, SETTLE));
    const shown = await screen.findByTestId('connection-new-key', {}, SETTLE);
    expect(api.calls.filter((c) => c.id === 'telemetry.ingestKeyRotate').map((c) => c.input)).toEqual([{ runId: MILAN_RUN.runId }]);
    expect(shown.textContent).toContain('This key is shown only now');
    expect(within(shown).getByTestId<HTMLInputElement>('connection-key-value').value).toBe(KEY);
    await userEvent.click(within(shown).getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Copied'), SETTLE);
    expect(screen.getByTestId<HTMLTextAreaElement>('connection-example-curl').value).toContain(`Authorization: ${KEY}'`);
    expect(screen.getByTestId<HTMLTextAreaElement>('connection-example-mosquitto').value).toContain(`ingest-key '${KEY}'`);
  });
});
