import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { canUse, useFramework } from '../../../core/session.js';
import { addToCollection, removeFromCollection, useCollection, useInvalidateCollection } from '../api.js';

/** The star of a project (a row of the project list): adds the project to the collection or removes it. */
export function ProjectStar({ runId, projectName }: { runId: number; projectName: string }) {
  const t = useT();
  const allowed = useFramework((s) => canUse(s, 'menu.project.collection'));
  const collection = useCollection(allowed);
  const invalidate = useInvalidateCollection();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const entry = collection.data?.find((e) => e.kind === 'project' && e.runId === runId);
  const label = entry ? t('collectionWeb.project.unstar') : t('collectionWeb.project.star');
  const toggle = async () => {
    setBusy(true);
    try {
      if (entry) await removeFromCollection(entry.id);
      else await addToCollection({ kind: 'project', runId, target: String(runId), title: projectName.slice(0, 100) });
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
        data-testid="project-star"
        data-starred={entry ? 'true' : 'false'}
        icon={entry ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      />
    </Tooltip>
  );
}
