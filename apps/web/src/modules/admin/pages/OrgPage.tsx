import { adminContract as c, LIMITS, nameSchema, type OrgNode, RESOURCE_CODES, SortNumberSchema } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, type TreeDataNode, Card, Checkbox, Col, Descriptions, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { zodRule } from '../../../core/forms.js';
import { flatOrgs, orgOptions, useOrgTree } from '../api.js';
import { useFoldedTree } from '../../../ui/useFoldedTree.js';
import { useAdminMutation } from '../useAdminMutation.js';
import { useT } from '../../../core/i18n.js';

type Dialog = 'add' | 'edit' | 'transfer' | 'grants' | null;

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
  const { modal } = App.useApp();
  const { data: tree = [] } = useOrgTree();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  // Administrator candidates: the users this administrator manages.
  const { data: candidates = [] } = useQuery({ queryKey: ['users', 'select'], queryFn: () => call(c.userForSelect, {}) });
  const org = find(tree, selected);
  const fold = useFoldedTree(flatOrgs(tree).map((o) => o.id));
  const treeData = useMemo(() => {
    const map = (nodes: OrgNode[]): TreeDataNode[] =>
      nodes.map((n) => ({ key: n.id, title: n.name, children: map(n.children) }));
    return map(tree);
  }, [tree]);

  const close = () => {
    setDialog(null);
    form.resetFields();
  };
  const save = useAdminMutation({
    run: (values: Record<string, unknown>): Promise<unknown> => {
      const fields = {
        name: String(values.name),
        type: values.type === 'company' ? ('company' as const) : ('organization' as const),
        sort: Number(values.sort),
        adminUserId: typeof values.adminUserId === 'number' ? values.adminUserId : null,
      };
      if (dialog === 'add') return call(c.orgAdd, { parentId: org?.id ?? 0, ...fields });
      if (dialog === 'edit') return call(c.orgEdit, { id: org?.id ?? 0, ...fields });
      if (dialog === 'transfer') return call(c.orgTransfer, { id: org?.id ?? 0, parentId: Number(values.parentId) });
      const codes = Array.isArray(values.codes) ? values.codes.map(String) : [];
      return call(c.orgResourcesEdit, { orgId: org?.id ?? 0, codes, overwriteLower: values.overwriteLower === true });
    },
    success: () =>
      t(dialog === 'add' ? 'common.outcome.addSuccess' : dialog === 'transfer' ? 'common.outcome.transferSuccess' : dialog === 'grants' ? 'common.outcome.setSuccess' : 'common.outcome.editSuccess'),
    invalidate: ['orgs'],
    form,
    onDone: close,
  });
  const remove = useAdminMutation({ run: (id: number) => call(c.orgDelete, { id }), success: t('common.outcome.deleteSuccess'), invalidate: ['orgs'], onDone: () => setSelected(null) });

  const open = async (next: Dialog) => {
    form.resetFields();
    if (next === 'add' && org) form.setFieldsValue({ type: 'organization', sort: (await call(c.orgQueryOrderCode, { parentId: org.id })).sort });
    if (next === 'edit' && org) form.setFieldsValue({ name: org.name, type: org.type, sort: org.sort, adminUserId: org.adminUserId ?? undefined });
    if (next === 'grants' && org) form.setFieldsValue({ codes: (await call(c.orgResources, { orgId: org.id })).codes, overwriteLower: false });
    setDialog(next);
  };

  const confirmDelete = () =>
    org &&
    modal.confirm({
      title: t('admin.page.deleteOrgConfirm', { name: org.name }),
      okType: 'danger',
      okText: t('admin.page.delete'),
      onOk: () => remove.mutateAsync(org.id),
    });

  return (
    <Row gutter={16}>
      <Col span={9}>
        <Card title={t('shell.menu.organization')} data-testid="org-tree">
          {treeData.length > 0 ? (
            <Tree
              treeData={treeData}
              expandedKeys={fold.expandedKeys}
              onExpand={fold.onExpand}
              selectedKeys={selected ? [selected] : []} onSelect={(keys) => setSelected(Number(keys[0] ?? 0) || null)} />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col span={15}>
        <Card title={org?.name ?? t('admin.page.selectOrg')}>
          {org ? (
            <>
              <Descriptions column={1} size="small" items={[
                { key: 'type', label: t('admin.page.type'), children: org.type === 'company' ? t('admin.page.typeCompany') : t('admin.page.typeOrganization') },
                { key: 'sort', label: t('admin.page.sort'), children: org.sort },
                { key: 'admin', label: t('admin.page.administrator'), children: candidates.find((u) => u.id === org.adminUserId)?.nickname ?? (org.adminUserId ? `#${org.adminUserId}` : '—') },
              ]} />
              <Space wrap style={{ marginTop: 16 }}>
                <Button type="primary" onClick={() => void open('add')}>{t('admin.page.addSub')}</Button>
                <Button onClick={() => void open('edit')}>{t('admin.page.edit')}</Button>
                <Button onClick={() => void open('transfer')} disabled={org.parentId === null}>{t('admin.page.transfer')}</Button>
                <Button onClick={() => void open('grants')}>{t('admin.page.grants')}</Button>
                <Button danger onClick={confirmDelete} disabled={org.parentId === null}>{t('admin.page.delete')}</Button>
              </Space>
            </>
          ) : (
            <Empty description={t('admin.page.selectOrg')} />
          )}
        </Card>
      </Col>
      <Modal
        open={dialog !== null}
        title={dialog === 'add' ? t('admin.page.addSub') : dialog === 'edit' ? t('admin.page.edit') : dialog === 'transfer' ? t('admin.page.transfer') : t('admin.page.grants')}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
        width={dialog === 'grants' ? 720 : 520}
      >
        <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => save.mutate(values)}>
          {dialog === 'add' || dialog === 'edit' ? (
            <>
              <Form.Item name="name" label={t('admin.page.name')} rules={[zodRule(nameSchema(LIMITS.orgNameMaxLength), t)]}>
                <Input maxLength={LIMITS.orgNameMaxLength} />
              </Form.Item>
              <Form.Item name="type" label={t('admin.page.type')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select options={[{ value: 'company', label: t('admin.page.typeCompany') }, { value: 'organization', label: t('admin.page.typeOrganization') }]} />
              </Form.Item>
              <Form.Item name="sort" label={t('admin.page.sort')} rules={[zodRule(SortNumberSchema, t)]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="adminUserId" label={t('admin.page.administrator')}>
                <Select allowClear showSearch optionFilterProp="label" options={candidates.map((u) => ({ value: u.id, label: `${u.nickname} (${u.phone})` }))} />
              </Form.Item>
            </>
          ) : null}
          {dialog === 'transfer' ? (
            <Form.Item name="parentId" label={t('admin.page.superior')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select options={orgOptions(tree).filter((o) => o.value !== org?.id)} showSearch optionFilterProp="label" />
            </Form.Item>
          ) : null}
          {dialog === 'grants' ? (
            <>
              <Form.Item name="codes" label={t('admin.page.resources')}>
                <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }} options={RESOURCE_CODES.map((code) => ({ value: code, label: code }))} />
              </Form.Item>
              <Form.Item name="overwriteLower" label={t('admin.page.overwriteLower')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </Row>
  );
}
