import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Button, Card, Segmented, Select, Space, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { formatInstant, formatLocalDate, localToday, shiftLocalDate } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type CalendarEntry, type CalendarInput, useCalendar, usePlanUnits } from '../api.js';
import { type CalendarView, daysOf, dayStart, entriesByDay, standbyOfDay } from '../components/calendarGrid.js';
import { MaintenanceNav } from '../components/MaintenanceNav.js';
import { STATE_COLOURS, STATE_LABELS, WEEKDAYS } from '../labels.js';
import { choicesOf } from '../options.js';
import '../maintenance.css';

/** The maintenance calendar of the current run (spec §2 stm_smtce/calendar): month and week views. */
export function CalendarPage() {
  const run = useFramework((s) => s.run);
  return run ? <MaintenanceCalendar key={run.runId} run={run} /> : <ChooseProject />;
}

const isDate = (text: string | null): text is string => text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

function MaintenanceCalendar({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const today = localToday(run.timeZone);
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const dateParam = params.get('date');
  const date = isDate(dateParam) ? dateParam : today;
  const system = params.get('system') ?? undefined;
  const days = daysOf(view, date);
  const first = days[0] ?? date;
  const last = days.at(-1) ?? date;
  const input: CalendarInput = { runId: run.runId, from: dayStart(first, run.timeZone), to: dayStart(shiftLocalDate(last, 1, 'day'), run.timeZone), ...(system ? { system } : {}) };
  const calendar = useCalendar(input);
  const units = usePlanUnits(run.runId);
  const byDay = entriesByDay(calendar.data?.entries ?? [], run.timeZone);
  const standby = calendar.data?.standby ?? [];

  const go = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const step = (amount: number) => go({ date: shiftLocalDate(date, amount, view === 'month' ? 'month' : 'week') });
  const heading = view === 'month' ? formatLocalDate(date, DATE_FORMATS.monthYear) : `${formatLocalDate(first, DATE_FORMATS.date)} – ${formatLocalDate(last, DATE_FORMATS.date)}`;
  const month = date.slice(0, 7);

  return (
    <div className="mtce-page" data-testid="mtce-calendar">
      <MaintenanceNav />
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Space wrap>
            <Button icon={<LeftOutlined />} aria-label={t('maintenanceWeb.calendar.previous')} onClick={() => step(-1)} data-testid="calendar-prev" />
            <Button onClick={() => go({ date: undefined })} data-testid="calendar-today">
              {t('maintenanceWeb.calendar.today')}
            </Button>
            <Button icon={<RightOutlined />} aria-label={t('maintenanceWeb.calendar.next')} onClick={() => step(1)} data-testid="calendar-next" />
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="calendar-heading">
              {heading}
            </Typography.Title>
            {calendar.isFetching ? <Spin size="small" /> : null}
          </Space>
          <Space wrap>
            <Select
              allowClear
              showSearch
              style={{ width: 180 }}
              placeholder={t('maintenanceWeb.filter.allSystems')}
              aria-label={t('maintenanceWeb.field.system')}
              value={system}
              options={(units.data ?? []).map((unit) => ({ value: unit, label: unit }))}
              onChange={(value?: string) => go({ system: value })}
              data-testid="calendar-system"
            />
            <Segmented<CalendarView>
              value={view}
              options={[
                { value: 'month', label: t('maintenanceWeb.calendar.month') },
                { value: 'week', label: t('maintenanceWeb.calendar.week') },
              ]}
              onChange={(value) => go({ view: value === 'month' ? undefined : value })}
              data-testid="calendar-view"
            />
          </Space>
        </Space>
        <div style={{ marginBottom: 8 }} data-testid="calendar-legend">
          {choicesOf(STATE_LABELS).map((state) => (
            <span key={state} className="mtce-legend">
              <span className="mtce-legend-swatch" style={{ background: STATE_COLOURS[state] }} />
              {t(STATE_LABELS[state])}
            </span>
          ))}
          <span className="mtce-legend">
            <span className="mtce-legend-swatch mtce-standby" />
            {t('maintenanceWeb.calendar.standby')}
          </span>
        </div>
        {calendar.error ? <Alert type="error" showIcon title={t('ui.table.loadFailed')} description={calendar.error.message} style={{ marginBottom: 8 }} /> : null}
        {calendar.data && calendar.data.entries.length === 0 && !calendar.isFetching ? (
          <Alert type="info" showIcon title={t('maintenanceWeb.calendar.empty')} style={{ marginBottom: 8 }} data-testid="calendar-empty" />
        ) : null}
        <div className={`mtce-calendar-grid${view === 'week' ? ' mtce-calendar-week' : ''}`} data-testid="calendar-grid">
          {WEEKDAYS.map((day) => (
            <div key={day.value} className="mtce-calendar-head">
              {t(day.label)}
            </div>
          ))}
          {days.map((day) => {
            const stood = standbyOfDay(standby, day, run.timeZone);
            const classes = ['mtce-calendar-day', view === 'month' && day.slice(0, 7) !== month ? 'mtce-calendar-other' : '', day === today ? 'mtce-calendar-today' : ''].filter(Boolean).join(' ');
            return (
              <div key={day} className={classes} data-testid="calendar-day" data-date={day}>
                <span className="mtce-calendar-date">{formatLocalDate(day, DATE_FORMATS.dayMonth)}</span>
                {stood ? (
                  <span className="mtce-standby" data-testid="calendar-standby">
                    {t('maintenanceWeb.calendar.standbyHours', { hours: stood })}
                  </span>
                ) : null}
                {(byDay.get(day) ?? []).map((entry) => (
                  <Occurrence key={`${entry.planId}-${entry.dueAt}`} entry={entry} timeZone={run.timeZone} />
                ))}
              </div>
            );
          })}
        </div>
      </Card>
    </div>
  );
}

/** One occurrence, coloured by its state; its details on hover. */
function Occurrence({ entry, timeZone }: { entry: CalendarEntry; timeZone: string }) {
  const t = useT();
  const at = (ms: number) => formatInstant(ms, timeZone, DATE_FORMATS.dateTime);
  const details = (
    <div>
      <div>{entry.title}</div>
      <div>
        {entry.system}
        {entry.component ? ` / ${entry.component}` : ''}
      </div>
      <div>{t('maintenanceWeb.calendar.dueAt', { time: at(entry.dueAt) })}</div>
      {entry.doneAt !== null ? <div>{t('maintenanceWeb.calendar.doneAt', { time: at(entry.doneAt) })}</div> : null}
      <div>{t(STATE_LABELS[entry.state])}</div>
    </div>
  );
  return (
    <Tooltip title={details}>
      <div className="mtce-occurrence" style={{ background: STATE_COLOURS[entry.state] }} data-testid="calendar-entry" data-state={entry.state}>
        {dayjs(entry.dueAt).tz(timeZone).format('HH:mm')} {entry.title}
      </div>
    </Tooltip>
  );
}
