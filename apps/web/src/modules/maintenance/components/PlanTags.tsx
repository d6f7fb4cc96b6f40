import { Tag, Typography } from 'antd';
import { DATE_FORMATS } from '@boreline/contracts';
import { formatInstant, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import type { MaintenancePlan, OccurrenceState } from '../api.js';
import { COUNTER_LABELS, STATE_LABELS, STATE_TAG_COLOURS } from '../labels.js';

/** The state of an occurrence as a coloured tag: due, done, overdue, done late, upcoming. */
export function StateTag({ state }: { state: OccurrenceState }) {
  const t = useT();
  return (
    <Tag color={STATE_TAG_COLOURS[state]} data-testid="mtce-state" data-state={state}>
      {t(STATE_LABELS[state])}
    </Tag>
  );
}

/** A counter plan's counter: its value now against the value it is due at, and when that is forecast. */
export function CounterCell({ plan, timeZone }: { plan: MaintenancePlan; timeZone: string }) {
  const t = useT();
  const format = useFormat();
  const counter = plan.counter;
  if (!counter) return <>—</>;
  const value = (v: number | null) => (v === null ? '—' : format.number(v, 0));
  return (
    <div data-testid="plan-counter">
      <div>{t(COUNTER_LABELS[counter.kind])}</div>
      <div>{t('maintenanceWeb.plan.counterValue', { value: value(counter.value), due: value(counter.dueValue) })}</div>
      <Typography.Text type="secondary">
        {counter.forecastAt === null
          ? t('maintenanceWeb.plan.noForecast')
          : t('maintenanceWeb.plan.forecast', { date: formatInstant(counter.forecastAt, timeZone, DATE_FORMATS.date) })}
      </Typography.Text>
    </div>
  );
}
