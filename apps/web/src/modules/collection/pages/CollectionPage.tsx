import { type collectionContract as c, LIMITS } from '@boreline/contracts';
import { Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import '../collection.css';
import { COLLECTION_KEY, pathOf, removeFromCollection, useCollection, useOpenEntry } from '../api.js';

const KIND_KEYS = {
  page: 'collectionWeb.kind.page',
  project: 'collectionWeb.kind.project',
  ringReport: 'collectionWeb.kind.ringReport',
  alarm: 'collectionWeb.kind.alarm',
} as const satisfies Record<c.CollectionKind, string>;

interface Group {
  key: string;
  title: string;
  entries: c.CollectionEntry[];
}

/** Entries grouped per run (projects in name order), those outside projects last. */
export function groupsOf(entries: readonly c.CollectionEntry[], outside: string): Group[] {
  const byRun = new Map<string, Group>();
  for (const e of entries) {
    const key = e.runId === null ? 'none' : String(e.runId);
    const group = byRun.get(key) ?? { key, title: e.runId === null ? outside : `${e.projectName ?? ''} · ${e.tbmCode ?? ''}`, entries: [] };
    group.entries.push(e);
    byRun.set(key, group);
  }
  return [...byRun.values()].sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.title.localeCompare(b.title)));
}

/** The collection page: the user's starred pages and objects per run, to open or remove. */
export function CollectionPage() {
  const t = useT();
  const collection = useCollection();
  const open = useOpenEntry();
  const remove = useMutationWithNotice({ mutationFn: removeFromCollection, success: t('collectionWeb.page.removed'), invalidate: [COLLECTION_KEY] });
  const entries = collection.data ?? [];
  const groups = groupsOf(entries, t('collectionWeb.page.outside'));
  return (
    <Card title={t('collectionWeb.page.title')} extra={<Typography.Text type="secondary">{t('collectionWeb.page.count', { count: entries.length, max: LIMITS.collectionMaxPerUser })}</Typography.Text>} data-testid="collection-page">
      {collection.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description={t('collectionWeb.page.empty')} />
      ) : (
        groups.map((group) => (
          <section key={group.key} data-testid="collection-group" style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{group.title}</Typography.Title>
            <ul className="bl-collection-list">
              {group.entries.map((entry) => (
                <li key={entry.id} className="bl-collection-entry" data-testid="collection-entry">
                  <Space wrap>
                    <Tag>{t(KIND_KEYS[entry.kind])}</Tag>
                    <span data-testid="collection-title">{entry.title}</span>
                    <Typography.Text type="secondary">{pathOf(entry)}</Typography.Text>
                  </Space>
                  <Space size={4}>
                    <Button size="small" type="link" onClick={() => void open(entry).catch(showApiError)} data-testid="collection-open">
                      {t('collectionWeb.page.open')}
                    </Button>
                    <DeleteButton size="small" title={t('collectionWeb.page.removeConfirm', { title: entry.title })} onConfirm={() => remove.mutateAsync(entry.id)} data-testid="collection-remove" />
                  </Space>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Card>
  );
}
