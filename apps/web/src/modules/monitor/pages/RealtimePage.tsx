import { type RealtimePage as Page, realtimePagesOf } from '@boreline/contracts';
import { Space } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { AlarmCount, useAlarmedPoints } from '../../alarm/index.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { H5LinkButton } from '../components/H5LinkButton.js';
import { OverviewTab } from '../components/OverviewTab.js';
import { PageNav } from '../components/PageNav.js';
import { RealtimeHeader } from '../components/RealtimeHeader.js';
import { SubsystemTab } from '../components/SubsystemTab.js';
import { useRealtimeView } from '../hooks/useRealtimeView.js';
import '../components/realtime.css';
import { useT } from '../../../core/i18n.js';

const BASE = '/fw1/rta';

/** Real-time monitoring of the current run (spec §2 /fw1/rta): the overview and a tab per subsystem page. */
export function RealtimePage() {
  const run = useFramework((s) => s.run);
  return run ? <Realtime run={run} /> : <ChooseProject />;
}

function Realtime({ run }: { run: CurrentRun }) {
  const { page } = useParams();
  const pages = realtimePagesOf(run.machineType);
  const current = pages.find((p) => p === page);
  // An unknown page, or one this machine type lacks (foam on a slurry shield…), opens the overview.
  if (page !== undefined && current === undefined) return <Navigate to={BASE} replace />;
  return <RealtimeView run={run} page={current ?? null} pages={pages} />;
}

interface RealtimeViewProps {
  run: CurrentRun;
  /** null: the overview. */
  page: Page | null;
  pages: Page[];
}

function RealtimeView({ run, page, pages }: RealtimeViewProps) {
  const t = useT();
  const navigate = useNavigate();
  const { diagram, live, stale, texts, header, ownTags } = useRealtimeView(run.runId, run.machineType, page);
  const canSeeConnections = useFramework((s) => canUse(s, 'monitor.connectState.read'));
  const canIssueH5 = useFramework((s) => canUse(s, 'monitor.h5Link.write'));
  // Points in alarm are marked, and the header counts the current alarms, for those who may read them.
  const canReadAlarms = useFramework((s) => canUse(s, 'alarm.record.read'));
  const alarmed = useAlarmedPoints(run.runId, canReadAlarms);

  return (
    <div className="rt-page" data-testid="realtime-page" data-machine-type={run.machineType}>
      <RealtimeHeader
        projectName={run.projectName}
        tbmCode={run.tbmCode}
        timeZone={run.timeZone}
        runId={run.runId}
        {...header}
        alarms={canReadAlarms ? <AlarmCount points={alarmed} /> : null}
      />
      <PageNav
        pages={pages}
        active={page}
        // The page is part of the path: a reload, a link or the remembered page opens the same tab.
        onSelect={(p) => void navigate(p === null ? BASE : `${BASE}/${p}`, { replace: true })}
        layout="wrap"
        testId="rta-tabs"
        extra={
          canSeeConnections || canIssueH5 ? (
            <Space size={12}>
              {canIssueH5 ? <H5LinkButton runId={run.runId} timeZone={run.timeZone} /> : null}
              {canSeeConnections ? (
                <Link to="/fw1/stm_connect_state_query" data-testid="rta-connection-history">
                  {t('realtime.connection.history')}
                </Link>
              ) : null}
            </Space>
          ) : null
        }
      />
      {page === null ? (
        <OverviewTab
          machineType={run.machineType}
          svg={diagram.data}
          svgFailed={diagram.isError}
          values={live.values}
          stale={stale}
          status={texts}
        />
      ) : (
        <SubsystemTab
          key={page}
          runId={run.runId}
          machineType={run.machineType}
          timeZone={run.timeZone}
          page={page}
          values={live.values}
          ts={live.ts}
          stale={stale}
          ownTags={ownTags}
          alarmed={alarmed.byPoint}
        />
      )}
    </div>
  );
}
