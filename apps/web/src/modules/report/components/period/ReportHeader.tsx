import { DATE_FORMATS } from '@boreline/contracts';
import { Typography } from 'antd';
import { formatInstant } from '../../../../core/format.js';
import { useT } from '../../../../core/i18n.js';

export interface ReportHeaderProps {
  /** The report's name (it doubles as the printed sheet's title, where the tabs are hidden). */
  title: string;
  projectName: string;
  tbmCode: string;
  /** The period or ring range, already in the spec's formats. */
  period: string;
  /** When the figures were read, shown on the project's clock. */
  generatedAt: number;
  timeZone: string;
  compact?: boolean;
}

/** Who, what and when of a report: project, machine, period and the time its figures were read. */
export function ReportHeader({ title, projectName, tbmCode, period, generatedAt, timeZone, compact = false }: ReportHeaderProps) {
  const t = useT();
  const items = [
    { key: 'project', label: t('report.periodPage.project'), value: projectName },
    { key: 'tbm', label: t('report.periodPage.tbm'), value: tbmCode },
    { key: 'period', label: t('report.periodPage.period'), value: period },
    { key: 'generated', label: t('report.periodPage.generatedAt'), value: formatInstant(generatedAt, timeZone, DATE_FORMATS.dateTime) },
  ];
  return (
    <header className={compact ? 'report-header report-header-compact' : 'report-header'} data-testid="report-header">
      <Typography.Title level={compact ? 5 : 4} className="report-title">
        {title}
      </Typography.Title>
      <dl className="report-header-items">
        {items.map((item) => (
          <div key={item.key} className="report-header-item" data-testid={`report-header-${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
