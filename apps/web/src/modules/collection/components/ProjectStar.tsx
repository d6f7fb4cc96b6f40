import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { collectionContract as c } from '@boreline/contracts';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { canUse, useFramework } from '../../../core/session.js';
import { addToCollection, removeFromCollection, useCollection, useInvalidateCollection } from '../api.js';

export interface ObjectStarProps {
  kind: Exclude<c.CollectionEntry['kind'], 'page'>;
  runId: number;
  /** The object's id as the collection keeps it (a run, a ring number, an alarm). */
  target: string;
  title: string;
}

/** The star of an object (a project row, an alarm, a ring report): adds it to the collection or removes it. */
export function ObjectStar({ kind, runId, target, title }: ObjectStarProps) {
  const t = useT();
  const allowed = useFramework((s) => canUse(s, 'menu.project.collection'));
  const collection = useCollection(allowed);
  const invalidate = useInvalidateCollection();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const entry = collection.data?.find((e) => e.kind === kind && e.runId === runId && e.target === target);
  const label = kind === 'project' ? (entry ? t('collectionWeb.project.unstar') : t('collectionWeb.project.star')) : entry ? t('collectionWeb.star.remove') : t('collectionWeb.star.add');
  const toggle = async () => {
    setBusy(true);
    try {
      if (entry) await removeFromCollection(entry.id);
      else await addToCollection({ kind, runId, target, title: title.slice(0, 100) });
      notify.show('success', entry ? t('collectionWeb.star.removed') : t('collectionWeb.star.added'));
      await invalidate();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        aria-pressed={entry !== undefined}
        loading={busy}
        disabled={collection.isPending}
        onClick={() => void toggle()}
        data-testid={`${kind}-star`}
        data-starred={entry ? 'true' : 'false'}
        icon={entry ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      />
    </Tooltip>
  );
}

/** The star of a project (a row of the project list). */
export function ProjectStar({ runId, projectName }: { runId: number; projectName: string }) {
  return <ObjectStar kind="project" runId={runId} target={String(runId)} title={projectName} />;
}
