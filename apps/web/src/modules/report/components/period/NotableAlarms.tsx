import { DATE_FORMATS, type periodReportContract } from '@boreline/contracts';
import { Empty, Table, type TableColumnsType, Tag } from 'antd';
import { formatHm, formatInstant, useFormat } from '../../../../core/format.js';
import { useT } from '../../../../core/i18n.js';

type NotableAlarms = periodReportContract.NotableAlarms;
type NotableAlarm = periodReportContract.NotableAlarm;

export interface NotableAlarmsViewProps {
  alarms: NotableAlarms;
  timeZone: string;
}

/**
 * A period's notable alarms: how many of each level, the alarms of level alarm with their start,
 * duration, ring and what happened, and the points that raised most (and those that chattered).
 */
export function NotableAlarmsView({ alarms, timeZone }: NotableAlarmsViewProps) {
  const t = useT();
  const f = useFormat();
  if (alarms.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.alarms.none')} data-testid="alarms-none" />;
  const columns: TableColumnsType<NotableAlarm> = [
    { key: 'number', title: t('report.column.alarmNo'), align: 'right', render: (_, a) => a.number },
    { key: 'start', title: t('report.column.start'), render: (_, a) => formatInstant(a.startTs, timeZone, DATE_FORMATS.dateTime) },
    {
      key: 'duration',
      title: `${t('report.column.duration')} (h:mm)`,
      align: 'right',
      render: (_, a) => (a.endTs === null ? `${formatHm(a.durationMs)} (${t('report.alarms.active')})` : formatHm(a.durationMs)),
    },
    { key: 'ring', title: t('report.column.ringNo'), align: 'right', render: (_, a) => a.ringNo ?? '—' },
    { key: 'content', title: t('report.column.content'), render: (_, a) => a.content },
  ];
  return (
    <div className="report-alarms" data-testid="notable-alarms">
      <div className="report-alarm-counts" data-testid="alarm-counts">
        <span>
          {t('report.alarms.total')}: <strong>{f.number(alarms.total, 0)}</strong>
        </span>
        <Tag color="gold">
          {t('report.alarms.warnings')}: {f.number(alarms.byLevel.warning, 0)}
        </Tag>
        <Tag color="red">
          {t('report.alarms.alarms')}: {f.number(alarms.byLevel.alarm, 0)}
        </Tag>
      </div>
      <h4 className="report-alarm-heading">{t('report.alarms.levelAlarms')}</h4>
      {alarms.alarms.length === 0 ? (
        <p className="report-alarm-note">{t('report.alarms.noneOfLevel')}</p>
      ) : (
        <Table<NotableAlarm> className="report-table" size="small" rowKey="id" columns={columns} dataSource={alarms.alarms} pagination={false} data-testid="alarm-table" />
      )}
      {alarms.moreAlarms > 0 ? <p className="report-alarm-note">{t('report.alarms.more', { count: alarms.moreAlarms })}</p> : null}
      <h4 className="report-alarm-heading">{t('report.alarms.topPoints')}</h4>
      <ol className="report-alarm-top" data-testid="alarm-top">
        {alarms.top.map((p) => (
          <li key={p.point} data-testid="alarm-top-point">
            <span>{p.name}</span> <span>{f.number(p.count, 0)}</span> <span>({f.percent(p.percent / 100)})</span>
          </li>
        ))}
      </ol>
      {alarms.chattering.length > 0 ? (
        <>
          <h4 className="report-alarm-heading">{t('report.alarms.chattering')}</h4>
          <ul className="report-alarm-top" data-testid="alarm-chattering">
            {alarms.chattering.map((p) => (
              <li key={p.point}>
                {p.name}: {t('report.alarms.times', { count: p.count })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
