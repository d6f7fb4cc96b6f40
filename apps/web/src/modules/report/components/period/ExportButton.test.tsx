import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../core/i18n.js';
import { useNotifications } from '../../../../core/notify.js';
import { setSessionEndHandler } from '../../../../core/sessionEnd.js';
import { useFramework } from '../../../../core/session.js';
import { fileNameFromDisposition } from '../../periodApi.js';
import { ExportButton } from './ExportButton.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('export button', () => {
  const saved: string[] = [];
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    saved.length = 0;
    useFramework.setState({ token: 'tok-9' });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useNotifications.setState({ message: null });
    useFramework.setState({ token: null });
  });

  it('spins while the workbook is built, then saves it under the server’s name', async () => {
    let release: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    render(<ExportButton input={{ report: 'day', runId: 1, date: '2026-11-25' }} fallbackName="S-1125-day-2026-11-25.xlsx" />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(screen.getByTestId('report-export').classList.contains('ant-btn-loading')).toBe(true));
    release(new Response('PK', { headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="Rapporto giornaliero 25-11-2026.xlsx"' } }));
    await waitFor(() => expect(saved).toEqual(['Rapporto giornaliero 25-11-2026.xlsx']));
    await waitFor(() => expect(screen.getByTestId('report-export').classList.contains('ant-btn-loading')).toBe(false));
  });

  it('names the file itself when the server does not', async () => {
    vi.stubGlobal('fetch', async () => new Response('PK', { headers: { 'content-type': XLSX } }));
    render(<ExportButton input={{ report: 'month', runId: 1, date: '2026-11-01' }} fallbackName="S-1125-month-2026-11-01.xlsx" />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(saved).toEqual(['S-1125-month-2026-11-01.xlsx']));
  });

  it('ends the session on code 1 instead of saving anything', async () => {
    const ended: unknown[] = [];
    setSessionEndHandler((end) => ended.push(end));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, msg: 'Session expired', data: { reason: 'expired' } }), { status: 401, headers: { 'content-type': 'application/json' } }));
    render(<ExportButton input={{ report: 'day', runId: 1, date: '2026-11-25' }} fallbackName="x.xlsx" />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(ended).toEqual([{ forcedOffline: false, message: 'Session expired' }]));
    expect(useNotifications.getState().message).toMatchObject({ kind: 'warning', text: 'Session expired' });
    expect(saved).toEqual([]);
    setSessionEndHandler(() => undefined);
  });

  it('tells the user when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<ExportButton input={{ report: 'week', runId: 1, date: '2026-11-25' }} fallbackName="x.xlsx" />);
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'error', text: 'Cannot connect to the server' }));
  });
});

describe('file name of a Content-Disposition header', () => {
  it('prefers the UTF-8 name, falls back to the plain one and drops any path', () => {
    expect(fileNameFromDisposition("attachment; filename=\"ring.xlsx\"; filename*=UTF-8''%E7%8E%AF%E6%8A%A5%20410-459.xlsx")).toBe('环报 410-459.xlsx');
    expect(fileNameFromDisposition('attachment; filename="Wochenbericht KW48.xlsx"')).toBe('Wochenbericht KW48.xlsx');
    expect(fileNameFromDisposition('attachment; filename=monthly.xlsx')).toBe('monthly.xlsx');
    expect(fileNameFromDisposition('attachment; filename="../../etc/report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
