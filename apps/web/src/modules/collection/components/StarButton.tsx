import { StarFilled, StarOutlined } from '@ant-design/icons';
import { LIMITS } from '@boreline/contracts';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { useRouteHandle } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { addToCollection, removeFromCollection, useCollection, useInvalidateCollection } from '../api.js';

/**
 * The header's star (a header item of the collection module) for any project page (/fw1): filled
 * when the page (its path and query, in the current project) is in the user's collection; a click
 * adds it under the page's title and the project's name, or removes it.
 */
export function StarButton() {
  const t = useT();
  const location = useLocation();
  const handle = useRouteHandle();
  const run = useFramework((s) => s.run);
  const onProjectPage = location.pathname.startsWith('/fw1/') && location.pathname !== '/fw1/collection';
  const collection = useCollection(onProjectPage);
  const invalidate = useInvalidateCollection();
  const [busy, setBusy] = useState(false);
  if (!onProjectPage) return null;
  const target = `${location.pathname}${location.search}`.slice(0, LIMITS.collectionTargetMaxLength);
  const runId = run?.runId ?? null;
  const entry = collection.data?.find((e) => e.kind === 'page' && e.target === target && e.runId === runId);
  const pageTitle = handle?.title ? t(handle.title) : location.pathname;
  const title = (run ? `${pageTitle} · ${run.projectName}` : pageTitle).slice(0, LIMITS.collectionTitleMaxLength);
  const label = entry ? t('collectionWeb.star.remove') : t('collectionWeb.star.add');

  const toggle = async () => {
    setBusy(true);
    try {
      if (entry) {
        await removeFromCollection(entry.id);
        notify.show('success', t('collectionWeb.star.removed'));
      } else {
        await addToCollection({ kind: 'page', runId, target, title });
        notify.show('success', t('collectionWeb.star.added'));
      }
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
        type="text"
        aria-label={label}
        aria-pressed={entry !== undefined}
        loading={busy}
        disabled={collection.isPending}
        onClick={() => void toggle()}
        data-testid="collection-star"
        data-starred={entry ? 'true' : 'false'}
        icon={entry ? <StarFilled style={{ fontSize: 18, color: '#faad14' }} /> : <StarOutlined style={{ fontSize: 18 }} />}
      />
    </Tooltip>
  );
}
