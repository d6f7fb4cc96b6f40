import { graphContract as g } from '@boreline/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/api/client.js';
import { initI18n } from '../../core/i18n.js';
import { pageSession, requestToken, useFramework } from '../../core/session.js';
import { type ApiStub } from '../../test/apiStub.fixture.js';
import { renderRoutes } from '../../test/renderRoutes.fixture.js';
import { dailyReport } from '../report/components/period/periodReport.fixture.js';
import { OVERLAY, PLAN, SETTING } from '../graph/graph.fixture.js';
import { mapData, OVERLAY as MAP_OVERLAY, SETTING as MAP_SETTING } from '../graph/graphMap.fixture.js';
import { screenToolRoutes } from './routes.js';
import { DAY_START, exchanged, GUIDE, nightReport, slot } from './screenTools.fixture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../core/api/client.js', async (importOriginal) => {
  const stubbed = await (await import('../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api);
  // Pictures (the drawing's file) come through `request`, with the session header.
  return { ...stubbed, request: vi.fn(async () => new Blob(['png'], { type: 'image/png' })) };
});

const SETTLE = { timeout: 8_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const root = () => screen.getByTestId('tool-page');
const stateOf = () => root().getAttribute('data-tool-state');
const ready = () => waitFor(() => expect(stateOf()).toBe('ready'), SETTLE);
const open = (path: string) => renderRoutes(screenToolRoutes.map((r) => ({ ...r, path: `/${r.path}` })), path);
const exchange = (tool: Parameters<typeof exchanged>[0]) => api.responses.set('delivery.toolExchange', () => exchanged(tool));

describe('screen tool pages', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    URL.createObjectURL = () => 'blob:picture';
    URL.revokeObjectURL = () => undefined;
    await initI18n('en_US');
  });
  beforeEach(() => {
    // Wednesday 25/11/2026 09:00 in Rome (08:00 UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DAY_START + 9 * 3_600_000);
    // A signed-in user of the console in this tab: the tool page must leave their session alone.
    sessionStorage.setItem('boreline.token', 'user-token');
    sessionStorage.setItem('boreline.lang', 'en_US');
    useFramework.setState({ token: 'user-token', language: 'en_US' });
  });
  afterEach(async () => {
    cleanup();
    // The page's session ends a tick after the page goes.
    await new Promise((resolve) => setTimeout(resolve, 5));
    vi.useRealTimers();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ token: null, run: null, language: null });
  });

  describe('the ticket', () => {
    it('is taken out of the address at once and exchanged for a session kept in memory, not over the tab\'s own sign-in', async () => {
      exchange('shiftDailyTool');
      api.responses.set('report.period', () => dailyReport());
      const router = open('/shiftDailyTool?ticket=tl-one-time-ticket&runId=1&size=phone&lang=en_US');
      await waitFor(() => expect(router.state.location.search).toBe('?runId=1&size=phone&lang=en_US'), SETTLE);
      expect(router.state.location.pathname).toBe('/shiftDailyTool');
      expect(router.state.historyAction).toBe('REPLACE');
      await ready();
      expect(calledWith('delivery.toolExchange')).toEqual([{ ticket: 'tl-one-time-ticket', tool: 'shiftDailyTool' }]);
      // Calls carry the tool's token; the tab's stored session and language are as they were.
      expect(requestToken()).toBe('tool-session-token');
      expect(sessionStorage.getItem('boreline.token')).toBe('user-token');
      expect(sessionStorage.getItem('boreline.lang')).toBe('en_US');
      expect(useFramework.getState().token).toBe('user-token');

      // Leaving the page ends its session: calls carry the user's own token again.
      cleanup();
      await waitFor(() => expect(pageSession.active()).toBe(false));
      expect(requestToken()).toBe('user-token');
    });

    it('without a ticket (a reload, a copied address) shows the not-found page and calls nothing', async () => {
      open('/shiftDailyTool?runId=1&size=phone');
      const notFound = await screen.findByTestId('tool-not-found', {}, SETTLE);
      expect(notFound.getAttribute('data-tool-state')).toBe('error');
      expect(notFound.getAttribute('data-tool-error')).toBe('screenTools.error.ticket');
      expect(await within(notFound).findByText('Page not found', {}, SETTLE)).toBeTruthy();
      expect(api.calls).toEqual([]);
    });

    it('used or expired (code 1) shows the not-found page, and the tab stays signed in', async () => {
      api.responses.set('delivery.toolExchange', () => {
        throw new ApiError(1, 'The ticket is not valid');
      });
      const router = open('/guideTool?ticket=tl-used&runId=1');
      await screen.findByTestId('tool-not-found', {}, SETTLE);
      expect(router.state.location.search).toBe('?runId=1');
      expect(useFramework.getState().token).toBe('user-token');
      expect(pageSession.active()).toBe(false);
    });

    it('of another run than the address names shows not-found', async () => {
      exchange('guideTool');
      open('/guideTool?ticket=tl-x&runId=99');
      await screen.findByTestId('tool-not-found', {}, SETTLE);
      expect(calledWith('delivery.toolGuide')).toEqual([]);
    });
  });

  describe('shift daily tool', () => {
    it('shows the day against plan, the shifts with their leaders, stop reasons and alarms, phone-wide, in the address\'s language', async () => {
      exchange('shiftDailyTool');
      api.responses.set('report.period', () =>
        dailyReport({
          notableAlarms: {
            total: 14,
            byLevel: { warning: 11, alarm: 3 },
            alarms: [
              { id: 1, number: 7, point: 'p1', name: 'Main drive oil temperature', content: 'Main drive oil temperature high', level: 'alarm', startTs: DAY_START + 3 * 3_600_000, endTs: DAY_START + 4 * 3_600_000, durationMs: 3_600_000, ringNo: 463, shiftDate: null, shiftNo: null },
            ],
            moreAlarms: 0,
            longest: [],
            top: [],
            chattering: [],
          },
        }),
      );
      open('/shiftDailyTool?ticket=tl-1&runId=1&size=phone&lang=en_US&date=2026-11-25');
      await ready();
      expect(calledWith('report.period')).toEqual([{ runId: 1, unit: 'day', date: '2026-11-25' }]);
      expect(root().style.width).toBe('390px');
      expect(screen.getByTestId('tool-title').textContent).toBe('Daily summary');
      expect(screen.getByTestId('tool-when').textContent).toContain('Wednesday, 25/11/2026');
      expect(screen.getByTestId('tool-project').textContent).toBe('Metro M4 Lot 3 – San Babila');
      expect(screen.getByTestId('tool-head').textContent).toContain('TBM S-1125');
      const rings = screen.getByTestId('figure-rings').textContent ?? '';
      expect(rings).toContain('8');
      expect(rings).toContain('Plan 12 · 66.67%');
      // The day is still going on: behind plan is not said yet.
      expect(screen.getByTestId('figure-rings').getAttribute('data-tone')).toBeNull();
      expect(screen.getByTestId('tool-when').textContent).toContain('so far, until 09:00');
      expect(screen.getByTestId('figure-cumulative').textContent).toContain('468');
      expect(screen.getByTestId('figure-cumulative').textContent).toContain('of 1,800 · 26.00%');
      expect(screen.getByTestId('figure-waiting').textContent).toContain('52.14%');
      expect(screen.getByTestId('figure-waiting').textContent).toContain('10:10');
      const shifts = screen.getAllByTestId('tool-shift').map((r) => r.textContent);
      expect(shifts[0]).toContain('Day shift');
      expect(shifts[0]).toContain('Crew A foreman');
      expect(shifts[1]).toContain('Night shift');
      const stops = screen.getAllByTestId('tool-stop').map((li) => li.textContent ?? '');
      expect(stops[0]).toContain('4:15');
      expect(stops[1]).toContain('Not explained');
      expect(screen.getByTestId('tool-alarm-counts').textContent).toBe('14 alarms: 11 warnings, 3 of level alarm');
      expect(screen.getByTestId('tool-alarm').textContent).toContain('Main drive oil temperature high');
      expect(screen.getByTestId('tool-foot').textContent).toMatch(/^Boreline · generated 25\/11\/2026 09:00 \(UTC\+01:00\)$/);
    });

    it('in the run\'s language without one in the address, today\'s date and A4 width by default', async () => {
      exchange('shiftDailyTool');
      api.responses.set('report.period', () => dailyReport());
      open('/shiftDailyTool?ticket=tl-2&runId=1');
      await ready();
      expect(screen.getByTestId('tool-title').textContent).toBe('Riepilogo giornaliero');
      expect(root().style.width).toBe('794px');
      expect(calledWith('report.period')).toEqual([{ runId: 1, unit: 'day', date: '2026-11-25' }]);
      expect(screen.getByTestId('figure-rings').textContent).toContain('Piano 12');
      // The tab's language choice is not changed by the picture's.
      expect(sessionStorage.getItem('boreline.lang')).toBe('en_US');
    });

    it('a week from `unit`, in German', async () => {
      exchange('shiftDailyTool');
      api.responses.set('report.period', () => dailyReport({ unit: 'week', firstDate: '2026-11-16', lastDate: '2026-11-22', end: DAY_START }));
      open('/shiftDailyTool?ticket=tl-3&unit=week&date=2026-11-16&lang=de_AT');
      await ready();
      expect(calledWith('report.period')).toEqual([{ runId: 1, unit: 'week', date: '2026-11-16' }]);
      expect(screen.getByTestId('tool-title').textContent).toBe('Wochenzusammenfassung');
      expect(screen.getByTestId('tool-when').textContent).toBe('16/11/2026 – 22/11/2026');
      // A week that is over: 8 rings of 12 planned reads as behind plan.
      expect(screen.getByTestId('figure-rings').getAttribute('data-tone')).toBe('bad');
    });

    it('a report that cannot be read: state error with its reason', async () => {
      exchange('shiftDailyTool');
      api.responses.set('report.period', () => {
        throw new ApiError(3, 'Server busy');
      });
      open('/shiftDailyTool?ticket=tl-4&lang=en_US');
      await waitFor(() => expect(stateOf()).toBe('error'), SETTLE);
      expect(root().getAttribute('data-tool-error')).toBe('screenTools.error.data');
      expect(screen.getByTestId('tool-error').textContent).toContain('Server busy');
    });
  });

  describe('shift report tool', () => {
    it('opens the newest ended shift (last night) with leader, rings, lines, the time bar, remark and handover', async () => {
      exchange('shiftReportTool');
      const yesterday = DAY_START - 24 * 3_600_000;
      const night = slot('2026-11-24', 2, yesterday);
      api.responses.set('report.shiftDay', (input: { date: string }) =>
        input.date === '2026-11-24'
          ? { date: '2026-11-24', timeZone: 'Europe/Rome', shifts: [slot('2026-11-24', 1, yesterday), night] }
          : { date: '2026-11-25', timeZone: 'Europe/Rome', shifts: [slot('2026-11-25', 1, DAY_START), slot('2026-11-25', 2, DAY_START)] },
      );
      api.responses.set('report.findShiftMain', () => nightReport(night));
      api.responses.set('report.shiftGraph', () => ({ slot: night, records: [], states: [{ state: 'advance', start: night.start, end: night.start + 3_600_000, ringNo: 465 }] }));
      open('/shiftReportTool?ticket=tl-5&runId=1&size=phone&lang=en_US');
      await ready();
      expect(calledWith('report.findShiftMain')).toEqual([{ runId: 1, date: '2026-11-24', shiftNo: 2 }]);
      expect(screen.getByTestId('tool-when').textContent).toBe('Night shift · 24/11/2026, 19:00–07:00');
      expect(screen.getByTestId('figure-leader').textContent).toContain('Giulia Conti');
      expect(screen.getByTestId('figure-headcount').textContent).toContain('11');
      expect(screen.getByTestId('figure-rings').textContent).toContain('465–468');
      expect(screen.getByTestId('figure-rings').textContent).toContain('Built: 4 (6.0 m)');
      expect(screen.getByTestId('figure-status').textContent).toContain('Advance');
      const lines = screen.getAllByTestId('tool-line').map((li) => li.textContent ?? '');
      expect(lines[0]).toContain('5:00');
      expect(lines[2]).toContain('Stop: Cutter change');
      expect(lines[2]).toContain('20.83%');
      expect(lines[3]).toContain('Stop: Not explained');
      expect(screen.getByText('Stops without a reason: 1')).toBeTruthy();
      expect(screen.getByTestId('shift-time-bar')).toBeTruthy();
      expect(screen.getByTestId('tool-remark').textContent).toContain('Cutter 23 changed at 02:10.');
      expect(screen.getByTestId('tool-handover').textContent).toContain('Segment supply low');
    });

    it('the shift the address names; a shift without report says so and is ready', async () => {
      exchange('shiftReportTool');
      api.responses.set('report.shiftDay', () => ({ date: '2026-11-20', timeZone: 'Europe/Rome', shifts: [slot('2026-11-20', 1, DAY_START - 5 * 86_400_000), slot('2026-11-20', 2, DAY_START - 5 * 86_400_000)] }));
      api.responses.set('report.findShiftMain', () => null);
      open('/shiftReportTool?ticket=tl-6&date=2026-11-20&shiftNo=1&lang=en_US');
      await ready();
      expect(calledWith('report.shiftDay')).toEqual([{ runId: 1, date: '2026-11-20' }]);
      expect(calledWith('report.findShiftMain')).toEqual([{ runId: 1, date: '2026-11-20', shiftNo: 1 }]);
      expect(screen.getByTestId('tool-no-report').textContent).toBe('No report has been written for this shift.');
    });
  });

  describe('guide tool', () => {
    it('shows head and tail deviations on targets with the tolerance, attitude, strokes and the last rings', async () => {
      exchange('guideTool');
      api.responses.set('delivery.toolGuide', () => GUIDE);
      open('/guideTool?ticket=tl-7&runId=1&lang=en_US');
      await ready();
      expect(calledWith('delivery.toolGuide')).toEqual([{ runId: 1 }]);
      expect(screen.getByTestId('tool-when').textContent).toBe('Values at 25/11/2026 08:00 (UTC+01:00)');
      expect(screen.getByTestId('target-head-h').textContent).toBe('62 mm');
      expect(screen.getByTestId('target-head').getAttribute('data-outside')).toBe('yes');
      expect(screen.getByTestId('target-tail').getAttribute('data-outside')).toBe('no');
      expect(screen.getByTestId('target-tail-v').textContent).toBe('-9 mm');
      expect(screen.getByTestId('figure-tolerance').textContent).toContain('±50');
      expect(screen.getAllByTestId('tool-attitude-value').map((r) => r.textContent)[0]).toContain('-3.2');
      // Strokes without a value are left out; the spread is between the longest and the shortest.
      expect(screen.getAllByTestId('tool-stroke')).toHaveLength(3);
      expect(screen.getByText('Difference between the longest and the shortest stroke: 62 mm')).toBeTruthy();
      const rings = screen.getAllByTestId('tool-ring');
      expect(rings.map((r) => r.textContent?.slice(0, 3))).toEqual(['468', '467']);
      expect(within(rings[0] as HTMLElement).getByText('58').className).toContain('tool-out');
    });

    it('says so when the machine has sent no guidance values', async () => {
      exchange('guideTool');
      api.responses.set('delivery.toolGuide', () => ({ ...GUIDE, ts: null, rings: [] }));
      open('/guideTool?ticket=tl-8&lang=en_US');
      await ready();
      expect(screen.getByText('The machine has not sent guidance values yet.')).toBeTruthy();
    });
  });

  describe('graph tool', () => {
    it('draws the plan of the page\'s language (screenshot variant) with the machine and rings; ready once the picture is loaded', async () => {
      exchange('graphTool');
      api.responses.set('graph.getSetting', () => SETTING);
      api.responses.set('graph.drawing', () => PLAN);
      api.responses.set('graph.overlay', () => OVERLAY);
      open('/graphTool?ticket=tl-9&runId=1&lang=en_US');
      const picture = await screen.findByTestId('drawing-picture', {}, SETTLE);
      expect(stateOf()).toBe('loading');
      expect(calledWith('graph.drawing')).toEqual([{ runId: 1, key: g.drawingKey({ runId: 1, name: 'plan', lang: 'en_US', variant: 'screenshot' }) }]);
      fireEvent.load(picture);
      await ready();
      expect(screen.getByTestId('tool-title').textContent).toBe('Floor plan: machine position and rings');
      expect(screen.getByTestId('figure-ring').textContent).toContain('167');
      expect(screen.getByTestId('figure-chainage').textContent).toContain('4+450.000');
      expect(screen.getByTestId('machine')).toBeTruthy();
      expect(screen.getAllByTestId('overlay-ring').length).toBeGreaterThan(0);
      expect(screen.getByTestId('graph-legend')).toBeTruthy();
      expect(screen.queryByTestId('zoom-in')).toBeNull();
    });

    it('the section from `drawing`; a section never uploaded is said and ready; a picture that fails is an error', async () => {
      exchange('graphTool');
      api.responses.set('graph.getSetting', () => SETTING);
      api.responses.set('graph.drawing', () => {
        throw new ApiError(3, 'No drawing');
      });
      api.responses.set('graph.overlay', () => OVERLAY);
      open('/graphTool?ticket=tl-10&drawing=section&lang=en_US');
      await ready();
      expect(screen.getByTestId('tool-no-drawing').textContent).toBe('No long section has been uploaded for this project yet.');
      cleanup();
      await new Promise((resolve) => setTimeout(resolve, 5));

      exchange('graphTool');
      api.responses.set('graph.drawing', () => PLAN);
      open('/graphTool?ticket=tl-11&lang=en_US');
      fireEvent.error(await screen.findByTestId('drawing-picture', {}, SETTLE));
      await waitFor(() => expect(stateOf()).toBe('error'), SETTLE);
      expect(root().getAttribute('data-tool-error')).toBe('screenTools.error.picture');
    });
  });

  describe('map tool', () => {
    it('draws the map on the grid with the machine; ready once drawn', async () => {
      const proj4 = (await import('proj4')).default;
      const toWgs = (e: number, n: number): [number, number] => {
        const [lng, lat] = proj4('+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs', 'WGS84', [e, n]) as [number, number];
        return [lat, lng];
      };
      exchange('bMapTool');
      api.responses.set('graph.getSetting', () => MAP_SETTING);
      api.responses.set('graph.map', () => mapData(toWgs));
      api.responses.set('graph.overlay', () => MAP_OVERLAY);
      open('/screenshotTool/bMapTool?ticket=tl-12&size=phone&lang=en_US');
      await ready();
      expect(screen.getByTestId('tool-title').textContent).toBe('Machine position on the map');
      const map = screen.getByTestId('graph-map');
      expect(map.getAttribute('data-tiles')).toBe('no');
      expect(map.querySelector('.graph-map-machine')).toBeTruthy();
      expect(map.querySelector('.leaflet-control-zoom')).toBeNull();
      expect(screen.getByTestId('figure-ring').textContent).toContain('4');
    });

    it('without an alignment says so and is ready', async () => {
      exchange('bMapTool');
      api.responses.set('graph.getSetting', () => MAP_SETTING);
      api.responses.set('graph.map', () => ({ epsg: null, definition: null, alignment: [], machine: null, tiles: null }));
      api.responses.set('graph.overlay', () => ({ ...MAP_OVERLAY, position: null }));
      open('/screenshotTool/bMapTool?ticket=tl-13&lang=en_US');
      await ready();
      expect(screen.getByTestId('tool-no-alignment')).toBeTruthy();
      expect(screen.getByText('No position of the machine has been recorded yet.')).toBeTruthy();
    });
  });
});
