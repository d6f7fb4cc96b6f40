import { Col, Result, Row, Skeleton } from 'antd';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { useIndexPage, useRunState } from '../api.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { CurrentStatus } from '../components/CurrentStatus.js';
import { DriveProgress } from '../components/DriveProgress.js';
import { PeriodFigures } from '../components/PeriodFigures.js';
import { ProgressGraph } from '../components/ProgressGraph.js';
import { RatesDonut } from '../components/RatesDonut.js';
import { useT } from '../../../core/i18n.js';
import { NearestRiskZone } from '../../risk/index.js';
import { LongSectionCard } from '../../graph/index.js';

/** The project home (spec §2 /fw1/home) of the current run; without one the user picks a project first. */
export function ProjectHomePage() {
  const run = useFramework((s) => s.run);
  return run ? <Home run={run} /> : <ChooseProject />;
}

function Home({ run }: { run: CurrentRun }) {
  const t = useT();
  const index = useIndexPage(run.runId);
  const state = useRunState(run.runId);
  if (index.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!index.data) return <Result status="warning" title={t('common.error.noData')} />;
  const data = index.data;
  return (
    <div data-testid="project-home" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <PeriodFigures data={data} />
      <div>
        <NearestRiskZone runId={run.runId} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={7}>
          <CurrentStatus data={data} state={state.data} timeZone={run.timeZone} />
        </Col>
        <Col xs={24} md={12} xl={7}>
          <DriveProgress data={data} />
        </Col>
        <Col xs={24} xl={10}>
          <RatesDonut rates={data.rates} />
        </Col>
      </Row>
      <LongSectionCard runId={run.runId} />
      <ProgressGraph runId={run.runId} timeZone={run.timeZone} totals={data} />
    </div>
  );
}
