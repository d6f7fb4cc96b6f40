import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { CALENDAR } from '../maintenance.fixture.js';
import { CalendarPage } from './CalendarPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const day = (date: string) => document.querySelector(`[data-testid="calendar-day"][data-date="${date}"]`) as HTMLElement;
const states = (date: string) => within(day(date)).queryAllByTestId('calendar-entry').map((e) => e.getAttribute('data-state'));

function renderPage(path: string) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.maintenance.management', 'maintenance.plan.read'] });
  return renderRoutes([{ path: '/fw1/stm_smtce/calendar', element: <CalendarPage />, handle: { name: 'maintenanceCalendar', resource: 'menu.maintenance.management' } }], path);
}

describe('maintenance calendar', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('maintenance.calendar', CALENDAR);
    api.responses.set('maintenance.planUnits', ['Main drive']);
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows a month in whole weeks from Monday, asking for its days on the site’s clock', async () => {
    renderPage('/fw1/stm_smtce/calendar?date=2026-11-24');
    await waitFor(() => expect(states('2026-11-24')).toEqual(['due']), SETTLE);
    // Monday 26/10 to Sunday 06/12, midnight in Milan (UTC+1).
    expect(calledWith('maintenance.calendar')).toEqual([{ runId: 1, from: Date.UTC(2026, 9, 25, 23), to: Date.UTC(2026, 11, 6, 23) }]);
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(42);
    expect(screen.getByTestId('calendar-heading').textContent).toBe('11/2026');
    expect(within(screen.getByTestId('calendar-grid')).getAllByText(/day$/).map((d) => d.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('colours each occurrence by its state on its day, with the machine’s standby beside them', async () => {
    renderPage('/fw1/stm_smtce/calendar?date=2026-11-24');
    await waitFor(() => expect(states('2026-11-24')).toEqual(['due']), SETTLE);
    expect(states('2026-11-17')).toEqual(['done']);
    expect(states('2026-11-20')).toEqual(['overdue']);
    expect(states('2026-11-10')).toEqual(['doneLate']);
    const due = within(day('2026-11-24')).getByTestId('calendar-entry');
    expect(due.textContent).toBe('09:00 Main drive gear oil check');
    expect(due.style.background).toBe('rgb(212, 136, 6)');
    expect(within(day('2026-11-20')).getByTestId('calendar-entry').style.background).toBe('rgb(207, 19, 34)');
    expect(within(day('2026-11-24')).getByTestId('calendar-standby').textContent).toBe('Standby 3:20 h');
    expect(within(day('2026-11-23')).queryByTestId('calendar-standby')).toBeNull();
  });

  it('shows one week and moves a week at a time', async () => {
    renderPage('/fw1/stm_smtce/calendar?date=2026-11-24&view=week');
    await waitFor(() => expect(screen.getAllByTestId('calendar-day')).toHaveLength(7), SETTLE);
    expect(screen.getByTestId('calendar-heading').textContent).toBe('23/11/2026 – 29/11/2026');
    expect(calledWith('maintenance.calendar')[0]).toEqual({ runId: 1, from: Date.UTC(2026, 10, 22, 23), to: Date.UTC(2026, 10, 29, 23) });
    fireEvent.click(screen.getByTestId('calendar-prev'));
    await waitFor(() => expect(screen.getByTestId('calendar-heading').textContent).toBe('16/11/2026 – 22/11/2026'), SETTLE);
    await waitFor(() => expect(states('2026-11-17')).toEqual(['done']), SETTLE);
  });

  it('says so when nothing falls in the period', async () => {
    api.responses.set('maintenance.calendar', { entries: [], standby: [] });
    renderPage('/fw1/stm_smtce/calendar?date=2026-11-24');
    expect(await screen.findByTestId('calendar-empty', {}, SETTLE)).toBeTruthy();
    expect(screen.getByText('No maintenance falls in this period')).toBeTruthy();
  });
});
