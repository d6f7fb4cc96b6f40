import { Card } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../../core/i18n.js';
import { canUse, useFramework } from '../../../core/session.js';
import { LongSection } from './LongSection.js';

/** The home board's long section: compact, for users who may read the run's drawings, with a link to the section page. */
export function LongSectionCard({ runId }: { runId: number }) {
  const t = useT();
  const allowed = useFramework((s) => canUse(s, 'graph.drawing.read'));
  const mayOpen = useFramework((s) => canUse(s, 'menu.graph.vertical'));
  if (!allowed) return null;
  return (
    <Card size="small" title={t('graphMap.section.title')} extra={mayOpen ? <Link to="/fw1/graph/section">{t('graphMap.section.open')}</Link> : null} data-testid="home-long-section">
      <LongSection runId={runId} compact />
    </Card>
  );
}
