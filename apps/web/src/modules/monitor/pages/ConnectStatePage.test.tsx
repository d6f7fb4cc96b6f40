import type { ConnectionState, CurrentRun, Disconnection } from '@boreline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { ConnectStatePage } from './ConnectStatePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const run: CurrentRun = MILAN_RUN;

// 2026-11-23 09:00 and 09:47 in Rome (UTC+1).
const AT = Date.UTC(2026, 10, 23, 8, 0, 0);

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConnectStatePage />
    </QueryClientProvider>,
  );

describe('connection state page', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => useFramework.setState({ run }));
  afterEach(() => {
    cleanup();
    api.responses.clear();
    useFramework.setState({ run: null });
  });

  it('shows a machine that is disconnected now, and its history with the open and the closed silence on the project clock', async () => {
    const now: ConnectionState = { runId: 1, projectName: run.projectName, tbmCode: 'S-1125', connected: false, since: AT + 47 * 60_000, lastFrameAt: AT + 47 * 60_000 };
    const records: Disconnection[] = [
      { id: 2, runId: 1, tbmCode: 'S-1125', disconnectedAt: AT + 47 * 60_000, reconnectedAt: null, durationMs: null },
      { id: 1, runId: 1, tbmCode: 'S-1125', disconnectedAt: AT, reconnectedAt: AT + 12 * 60_000, durationMs: 12 * 60_000 },
    ];
    api.responses.set('monitor.connectStateQuery', [now]);
    api.responses.set('monitor.connectStatePage', { total: 2, page: 1, pageSize: 20, records });
    renderPage();
    await waitFor(() => expect(within(screen.getByTestId('connect-now')).getByText('Disconnected')).toBeTruthy());
    const rows = await waitFor(() => {
      const found = screen.getByTestId('connect-history').querySelectorAll('tbody tr.ant-table-row');
      expect(found).toHaveLength(2);
      return [...found].map((row) => row.textContent ?? '');
    });
    expect(rows[0]).toContain('23/11/2026 09:47:00');
    expect(rows[0]).toContain('Still disconnected');
    expect(rows[1]).toContain('23/11/2026 09:00:00');
    expect(rows[1]).toContain('23/11/2026 09:12:00');
    expect(rows[1]).toContain('12');
  });

  it('says so when no disconnection was ever recorded', async () => {
    api.responses.set('monitor.connectStateQuery', [{ runId: 1, projectName: run.projectName, tbmCode: 'S-1125', connected: true, since: null, lastFrameAt: AT }]);
    api.responses.set('monitor.connectStatePage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    await waitFor(() => expect(within(screen.getByTestId('connect-now')).getByText('Connected')).toBeTruthy());
    await waitFor(() => expect(screen.getByText('No disconnection recorded')).toBeTruthy());
  });
});
