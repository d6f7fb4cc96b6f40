import { adminContract as c, type OrgNode } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { useFoldedTree } from '../../../ui/useFoldedTree.js';
import { flatOrgs, useOrgTree } from '../api.js';
import { type OrgDialog, OrgDialogs } from '../components/OrgDialogs.js';

const find = (nodes: OrgNode[], id: number | null): OrgNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

/** Organizations: the tree, and for the chosen one add below, edit, transfer, delete and resource grants. */
export function OrgPage() {
  const t = useT();
  const { data: tree = [] } = useOrgTree();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OrgDialog>(null);
  // Administrator candidates: the users this administrator manages.
  const { data: candidates = [] } = useQuery({ queryKey: ['users', 'select'], queryFn: () => call(c.userForSelect, {}) });
  const org = find(tree, selected);
  const fold = useFoldedTree(flatOrgs(tree).map((o) => o.id));
  const treeData = useMemo(() => {
    const map = (nodes: OrgNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.name, children: map(n.children) }));
    return map(tree);
  }, [tree]);
  const remove = useMutationWithNotice({
    mutationFn: (id: number) => call(c.orgDelete, { id }),
    success: t('common.outcome.deleteSuccess'),
    invalidate: [['orgs']],
    onSuccess: () => setSelected(null),
  });

  // What a dialog starts from is read first: the next sort number below, the current grants.
  const handleOpen = async (kind: 'add' | 'edit' | 'transfer' | 'grants') => {
    if (!org) return;
    try {
      if (kind === 'add') setDialog({ kind, org, sort: (await call(c.orgQueryOrderCode, { parentId: org.id })).sort });
      else if (kind === 'grants') setDialog({ kind, org, codes: (await call(c.orgResources, { orgId: org.id })).codes });
      else setDialog({ kind, org });
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Row gutter={16}>
      <Col span={9}>
        <Card title={t('shell.menu.organization')} data-testid="org-tree">
          {treeData.length > 0 ? (
            <Tree
              treeData={treeData}
              expandedKeys={fold.expandedKeys}
              onExpand={fold.onExpand}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(Number(keys[0] ?? 0) || null)}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col span={15}>
        <Card title={org?.name ?? t('admin.page.selectOrg')}>
          {org ? (
            <>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'type', label: t('admin.page.type'), children: org.type === 'company' ? t('admin.page.typeCompany') : t('admin.page.typeOrganization') },
                  { key: 'sort', label: t('admin.page.sort'), children: org.sort },
                  {
                    key: 'admin',
                    label: t('admin.page.administrator'),
                    children: candidates.find((u) => u.id === org.adminUserId)?.nickname ?? (org.adminUserId ? `#${org.adminUserId}` : '—'),
                  },
                ]}
              />
              <Space wrap style={{ marginTop: 16 }}>
                <Button type="primary" onClick={() => void handleOpen('add')}>
                  {t('admin.page.addSub')}
                </Button>
                <Button onClick={() => void handleOpen('edit')}>{t('admin.page.edit')}</Button>
                <Button onClick={() => void handleOpen('transfer')} disabled={org.parentId === null}>
                  {t('admin.page.transfer')}
                </Button>
                <Button onClick={() => void handleOpen('grants')}>{t('admin.page.grants')}</Button>
                <DeleteButton
                  title={t('admin.page.deleteOrgConfirm', { name: org.name })}
                  disabled={org.parentId === null}
                  onConfirm={() => remove.mutateAsync(org.id)}
                >
                  {t('admin.page.delete')}
                </DeleteButton>
              </Space>
            </>
          ) : (
            <Empty description={t('admin.page.selectOrg')} />
          )}
        </Card>
      </Col>
      <OrgDialogs dialog={dialog} tree={tree} candidates={candidates} onClose={() => setDialog(null)} />
    </Row>
  );
}
