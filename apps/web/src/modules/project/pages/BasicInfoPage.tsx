import { Card, Tabs } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { EquipmentTab } from '../components/basicInfo/EquipmentTab.js';
import { PerformanceTab } from '../components/basicInfo/PerformanceTab.js';
import { ProjectInfoTab } from '../components/basicInfo/ProjectInfoTab.js';
import { ShiftTab } from '../components/basicInfo/ShiftTab.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { useT } from '../../../core/i18n.js';

/** The tabs as sub-paths of spec §2 (project_info, equipment_info with performance, shift_info). */
export const BASIC_INFO_TABS = ['project_info', 'equipment_info', 'performance_info', 'shift_info'] as const;
type BasicInfoTab = (typeof BASIC_INFO_TABS)[number];
const isTab = (value: string | undefined): value is BasicInfoTab => BASIC_INFO_TABS.some((tab) => tab === value);

/** Basic info of the current run (spec §2 /fw1/basic_info); without one the user picks a project first. */
export function BasicInfoPage() {
  const run = useFramework((s) => s.run);
  return run ? <BasicInfo run={run} /> : <ChooseProject />;
}

function BasicInfo({ run }: { run: CurrentRun }) {
  const t = useT();
  const navigate = useNavigate();
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to="/fw1/basic_info/project_info" replace />;
  return (
    <Card title={t('shell.menu.basicInfo')} data-testid="basic-info" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        // The tab is part of the path: a reload, a link or the remembered page opens the same tab.
        onChange={(key) => void navigate(`/fw1/basic_info/${key}`, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'project_info', label: t('project.basicInfo.tabs.project'), children: <ProjectInfoTab runId={run.runId} /> },
          { key: 'equipment_info', label: t('project.basicInfo.tabs.equipment'), children: <EquipmentTab runId={run.runId} timeZone={run.timeZone} /> },
          { key: 'performance_info', label: t('project.basicInfo.tabs.performance'), children: <PerformanceTab runId={run.runId} timeZone={run.timeZone} /> },
          { key: 'shift_info', label: t('project.basicInfo.tabs.shifts'), children: <ShiftTab runId={run.runId} /> },
        ]}
      />
    </Card>
  );
}
