import type { RunListItem } from '@boreline/contracts';
import { Card, Col, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useFormat } from '../../../core/format.js';
import { useEnterRun, useRunList } from '../api.js';
import { MachineCard } from '../components/MachineCard.js';
import { useT } from '../../../core/i18n.js';

/**
 * Rings built so far. The list row carries progress (rings over planned rings), which gives the
 * count exactly while the drive is within plan; metres follow from the planned ring length.
 */

function byCountry(runs: RunListItem[], name: (code: string) => string): [string, RunListItem[]][] {
  const groups = new Map<string, RunListItem[]>();
  for (const run of runs) groups.set(run.country, [...(groups.get(run.country) ?? []), run]);
  return [...groups.entries()].sort(([a], [b]) => name(a).localeCompare(name(b)));
}

/** The statistics board (spec §2 /fw0/projectBoard): totals of every visible project and each machine's state, by country. */
export function ProjectBoardPage() {
  const t = useT();
  const f = useFormat();
  const list = useRunList();
  const { enter, entering } = useEnterRun();
  const runs = list.data ?? [];

  if (list.isLoading) return <Skeleton active />;
  if (runs.length === 0) return <Result status="info" title={t('common.error.noProject')} data-testid="no-project" />;

  const totals = [
    { key: 'projects', title: t('project.board.projects'), value: String(runs.length) },
    { key: 'advancing', title: t('project.board.advancingNow'), value: `${runs.filter((r) => r.status === 'advance').length} / ${runs.length}` },
    { key: 'rings', title: t('project.board.ringsBuilt'), value: f.number(runs.reduce((sum, r) => sum + r.ringsBuilt, 0), 0) },
    { key: 'metres', title: t('project.board.metresBuilt'), value: f.number(runs.reduce((sum, r) => sum + r.metresBuilt, 0)) },
  ];

  return (
    <div data-testid="project-board">
      <Row gutter={[16, 16]}>
        {totals.map((item) => (
          <Col key={item.key} xs={12} lg={6}>
            <Card size="small" data-testid={`board-${item.key}`}>
              <Statistic title={item.title} value={item.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('project.board.statusOverview')}
      </Typography.Title>
      {/* A country takes a third of the row per machine (a full row from three on), so small sites sit side by side. */}
      <Row gutter={[16, 16]}>
        {byCountry(runs, f.country).map(([country, group]) => (
          <Col key={country} xs={24} xl={Math.min(24, group.length * 8)}>
            <section aria-label={f.country(country)} data-testid="board-country">
              <Typography.Text type="secondary" strong>
                {f.country(country)}
              </Typography.Text>
              <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
                {group.map((run) => (
                  <Col key={run.runId} xs={24} md={12} xl={24 / Math.min(3, group.length)}>
                    <MachineCard run={run} entering={entering === run.runId} onEnter={(id) => void enter(id)} />
                  </Col>
                ))}
              </Row>
            </section>
          </Col>
        ))}
      </Row>
    </div>
  );
}
