import { adminContract as c, LIMITS, nameSchema, type ResourceNode, SortNumberSchema } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { zodRule } from '../../../core/forms.js';
import { useFoldedTree } from '../../../ui/useFoldedTree.js';
import { useAdminMutation } from '../useAdminMutation.js';
import { useT } from '../../../core/i18n.js';

type Dialog = 'add' | 'edit' | 'move' | null;

const flat = (nodes: ResourceNode[]): ResourceNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** Resources: the tree of menus, pages, buttons and API codes; add, edit, move, delete. */
export function ResourcePage() {
  const t = useT();
  const { modal } = App.useApp();
  const { data: tree = [] } = useQuery({ queryKey: ['resources'], queryFn: () => call(c.resourceTree, {}) });
  const all = useMemo(() => flat(tree), [tree]);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const node = all.find((n) => n.id === selected);
  const fold = useFoldedTree(all.filter((n) => n.children.length > 0).map((n) => n.id));
  const treeData = useMemo(() => {
    const map = (nodes: ResourceNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.name === n.code ? n.code : `${n.name} · ${n.code}`, children: map(n.children) }));
    return map(tree);
  }, [tree]);

  const close = () => setDialog(null);
  const save = useAdminMutation({
    run: (v: Record<string, unknown>): Promise<unknown> => {
      const fields = { group: String(v.group ?? ''), name: String(v.name ?? ''), description: String(v.description ?? ''), level: Number(v.level), sort: Number(v.sort), encoding: String(v.encoding ?? '') };
      if (dialog === 'add') return call(c.resourceAdd, { ...fields, parentId: node?.id ?? 0 });
      if (dialog === 'edit') return call(c.resourceEdit, { ...fields, id: node?.id ?? 0 });
      return call(c.resourceMove, { id: node?.id ?? 0, parentId: Number(v.parentId) });
    },
    success: () => t(dialog === 'add' ? 'common.outcome.addSuccess' : dialog === 'move' ? 'common.outcome.moveSuccess' : 'common.outcome.editSuccess'),
    invalidate: ['resources'],
    form,
    onDone: close,
  });
  const remove = useAdminMutation({ run: (id: number) => call(c.resourceDelete, { id }), success: t('common.outcome.deleteSuccess'), invalidate: ['resources'], onDone: () => setSelected(null) });

  const open = (next: Dialog) => {
    form.resetFields();
    if (next === 'add' && node) form.setFieldsValue({ group: node.group, level: node.level + 1, sort: node.children.length + 1 });
    if (next === 'edit' && node) form.setFieldsValue({ ...node, encoding: node.code });
    setDialog(next);
  };

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Card title={t('shell.menu.resource')} data-testid="resource-tree">
          {treeData.length > 0 ? <Tree
              treeData={treeData}
              expandedKeys={fold.expandedKeys}
              onExpand={fold.onExpand}
              selectedKeys={selected ? [selected] : []} onSelect={(keys) => setSelected(Number(keys[0] ?? 0) || null)} /> : <Empty />}
        </Card>
      </Col>
      <Col span={12}>
        <Card title={node ? node.name : t('admin.page.selectResource')}>
          {node ? (
            <>
              <Descriptions column={1} size="small" items={[
                { key: 'code', label: t('admin.page.encoding'), children: <code>{node.code}</code> },
                { key: 'group', label: t('admin.page.group'), children: node.group },
                { key: 'level', label: t('admin.page.level'), children: node.level },
                { key: 'builtIn', label: t('admin.page.builtIn'), children: node.builtIn ? <Tag color="blue">{t('admin.page.yes')}</Tag> : t('admin.page.no') },
              ]} />
              <Space wrap style={{ marginTop: 16 }}>
                <Button type="primary" onClick={() => open('add')}>{t('admin.page.addResource')}</Button>
                <Button onClick={() => open('edit')}>{t('admin.page.edit')}</Button>
                <Button onClick={() => open('move')}>{t('admin.page.move')}</Button>
                <Button danger disabled={node.builtIn} onClick={() => modal.confirm({ title: t('admin.page.deleteResourceConfirm', { name: node.name }), okType: 'danger', onOk: () => remove.mutateAsync(node.id) })}>
                  {t('admin.page.delete')}
                </Button>
              </Space>
            </>
          ) : (
            <Empty description={t('admin.page.selectResource')} />
          )}
        </Card>
      </Col>
      <Modal open={dialog !== null} title={dialog === 'add' ? t('admin.page.addResource') : dialog === 'move' ? t('admin.page.move') : t('admin.page.edit')} onCancel={close} onOk={() => form.submit()} confirmLoading={save.isPending} forceRender>
        <Form form={form} layout="vertical" onFinish={(v: Record<string, unknown>) => save.mutate(v)}>
          {dialog === 'move' ? (
            <Form.Item name="parentId" label={t('admin.page.superiorNode')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select showSearch optionFilterProp="label" options={all.filter((n) => n.id !== node?.id).map((n) => ({ value: n.id, label: `${n.name} · ${n.code}` }))} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="group" label={t('admin.page.group')} rules={[zodRule(nameSchema(LIMITS.orgNameMaxLength), t)]}><Input /></Form.Item>
              <Form.Item name="name" label={t('admin.page.name')} rules={[zodRule(nameSchema(LIMITS.orgNameMaxLength), t)]}><Input /></Form.Item>
              <Form.Item name="description" label={t('admin.page.description')} rules={[zodRule(nameSchema(200), t)]}><Input /></Form.Item>
              <Form.Item name="encoding" label={t('admin.page.encoding')} rules={[{ required: true, message: t('validation.required') }, { pattern: /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/, message: t('validation.resourceCode') }]}>
                <Input disabled={dialog === 'edit' && node?.builtIn} />
              </Form.Item>
              <Form.Item name="level" label={t('admin.page.level')} rules={[{ required: true, message: t('validation.required') }]}><InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="sort" label={t('admin.page.sort')} rules={[zodRule(SortNumberSchema, t)]}><InputNumber min={1} precision={0} style={{ width: '100%' }} /></Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </Row>
  );
}
