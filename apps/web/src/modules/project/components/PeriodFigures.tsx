import type { IndexPageData } from '@boreline/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';

/** Rings and metres today, this week (from Monday), this month and over the whole drive. */
export function PeriodFigures({ data }: { data: IndexPageData }) {
  const t = useT();
  const f = useFormat();
  const periods: { key: 'today' | 'week' | 'month' | 'total'; title: string; note: ReactNode }[] = [
    {
      key: 'today',
      title: t('project.home.today'),
      note:
        data.planned.ringsPerDay === null || data.planned.metresPerDay === null
          ? t('project.home.noPlan')
          : t('project.home.plannedPerDay', { rings: f.number(data.planned.ringsPerDay), metres: f.number(data.planned.metresPerDay) }),
    },
    { key: 'week', title: t('project.home.week'), note: t('project.home.weekNote') },
    { key: 'month', title: t('project.home.month'), note: t('project.home.monthNote') },
    { key: 'total', title: t('project.home.total'), note: t('project.home.plannedRings', { rings: f.number(data.planned.rings, 0) }) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {periods.map((p) => (
        <Col key={p.key} xs={12} xl={6}>
          <Card size="small" title={p.title} data-testid={`figures-${p.key}`}>
            <Row gutter={8}>
              <Col span={12} data-testid={`figures-${p.key}-rings`}>
                <Statistic title={t('project.home.rings')} value={f.number(data[p.key].rings, 0)} />
              </Col>
              <Col span={12} data-testid={`figures-${p.key}-metres`}>
                <Statistic title={t('project.home.metres')} value={f.number(data[p.key].metres)} />
              </Col>
            </Row>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {p.note}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
