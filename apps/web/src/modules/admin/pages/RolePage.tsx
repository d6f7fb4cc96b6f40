import { adminContract as c, LIMITS, nameSchema, type Role, SortNumberSchema } from '@boreline/contracts';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { call } from '../../../core/api/client.js';
import { zodRule } from '../../../core/forms.js';
import { orgOptions, useOrgTree, useRoles } from '../api.js';
import { useAdminMutation } from '../useAdminMutation.js';
import { useT } from '../../../core/i18n.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; role: Role } | { kind: 'resources'; role: Role; available: string[] } | null;

/** Roles: list, add, edit, delete, and the resources each grants. */
export function RolePage() {
  const t = useT();
  const { modal } = App.useApp();
  const { data: roles = [], isLoading } = useRoles();
  const { data: tree = [] } = useOrgTree();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const close = () => setDialog(null);

  const save = useAdminMutation({
    run: async (values: Record<string, unknown>): Promise<unknown> => {
      if (dialog?.kind === 'resources') return call(c.roleResourcesUpdate, { roleId: dialog.role.id, codes: Array.isArray(values.codes) ? values.codes.map(String) : [] });
      const fields = { name: String(values.name), kind: values.kind === 'org_admin' ? ('org_admin' as const) : ('custom' as const), orgId: Number(values.orgId), sort: Number(values.sort) };
      return dialog?.kind === 'edit' ? call(c.roleEdit, { id: dialog.role.id, ...fields }) : call(c.roleAdd, fields);
    },
    success: () => t(dialog?.kind === 'add' ? 'common.outcome.addSuccess' : dialog?.kind === 'resources' ? 'common.outcome.setSuccess' : 'common.outcome.editSuccess'),
    invalidate: ['roles'],
    form,
    onDone: close,
  });
  const remove = useAdminMutation({ run: (id: number) => call(c.roleDelete, { id }), success: t('common.outcome.deleteSuccess'), invalidate: ['roles'] });

  const openResources = async (role: Role) => {
    const result = await call(c.roleResources, { roleId: role.id });
    form.setFieldsValue({ codes: result.granted });
    setDialog({ kind: 'resources', role, available: result.available.map((r) => r.code) });
  };
  const openForm = (next: Dialog) => {
    form.resetFields();
    if (next?.kind === 'edit') form.setFieldsValue(next.role);
    else form.setFieldsValue({ kind: 'custom', sort: 1 });
    setDialog(next);
  };

  return (
    <Card title={t('shell.menu.role')} extra={<Button type="primary" onClick={() => openForm({ kind: 'add' })}>{t('admin.page.addRole')}</Button>}>
      <Table<Role>
        rowKey="id"
        loading={isLoading}
        dataSource={roles}
        data-testid="role-table"
        columns={[
          { title: t('admin.page.name'), dataIndex: 'name' },
          { title: t('admin.page.roleKind'), dataIndex: 'kind', render: (k: Role['kind']) => (k === 'org_admin' ? t('admin.page.kindOrgAdmin') : t('admin.page.kindCustom')) },
          { title: t('admin.page.org'), dataIndex: 'orgName' },
          { title: t('admin.page.sort'), dataIndex: 'sort', width: 100 },
          {
            title: t('admin.page.actions'),
            key: 'actions',
            render: (_: unknown, role: Role) => (
              <Space>
                <Button size="small" onClick={() => openForm({ kind: 'edit', role })}>{t('admin.page.edit')}</Button>
                <Button size="small" onClick={() => void openResources(role)}>{t('admin.page.resources')}</Button>
                <Button size="small" danger onClick={() => modal.confirm({ title: t('admin.page.deleteRoleConfirm', { name: role.name }), okType: 'danger', onOk: () => remove.mutateAsync(role.id) })}>
                  {t('admin.page.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'resources' ? `${t('admin.page.resources')}: ${dialog.role.name}` : dialog?.kind === 'edit' ? t('admin.page.edit') : t('admin.page.addRole')}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        width={dialog?.kind === 'resources' ? 720 : 520}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => save.mutate(values)}>
          {dialog?.kind === 'resources' ? (
            <Form.Item name="codes">
              <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }} options={dialog.available.map((code) => ({ value: code, label: code }))} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="name" label={t('admin.page.name')} rules={[zodRule(nameSchema(LIMITS.orgNameMaxLength), t)]}>
                <Input />
              </Form.Item>
              <Form.Item name="kind" label={t('admin.page.roleKind')}>
                <Select options={[{ value: 'custom', label: t('admin.page.kindCustom') }, { value: 'org_admin', label: t('admin.page.kindOrgAdmin') }]} />
              </Form.Item>
              <Form.Item name="orgId" label={t('admin.page.org')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select options={orgOptions(tree)} showSearch optionFilterProp="label" />
              </Form.Item>
              <Form.Item name="sort" label={t('admin.page.sort')} rules={[zodRule(SortNumberSchema, t)]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
