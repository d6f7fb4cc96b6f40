import { adminContract as c, type AdminUser, authContract, EmailSchema, LIMITS, nameSchema, PasswordSchema, PhoneSchema } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../core/api/client.js';
import { confirmPasswordRule, zodRule } from '../../../core/forms.js';
import { orgOptions, useOrgTree, useRoles } from '../api.js';
import { useAdminMutation } from '../useAdminMutation.js';
import { useT } from '../../../core/i18n.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; user: AdminUser } | { kind: 'roles'; user: AdminUser } | { kind: 'password'; user: AdminUser } | null;

/** Users: search, add, edit, delete, assign roles. */
export function UserPage() {
  const t = useT();
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({ queryKey: ['users', keyword, page], queryFn: () => call(c.userPage, { page, pageSize: 20, ...(keyword ? { keyword } : {}) }) });
  const { data: tree = [] } = useOrgTree();
  const { data: roles = [] } = useRoles();
  const { data: runOptions = [] } = useQuery({ queryKey: ['userRunOptions'], queryFn: () => call(c.userRunOptions, {}) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const close = () => setDialog(null);

  const save = useAdminMutation({
    run: async (v: Record<string, unknown>): Promise<unknown> => {
      if (dialog?.kind === 'password') {
        return call(authContract.resetPassword, {
          userId: dialog.user.id,
          adminPassword: String(v.adminPassword ?? ''),
          newPassword: String(v.newPassword ?? ''),
          confirmPassword: String(v.confirmPassword ?? ''),
        });
      }
      if (dialog?.kind === 'roles') return call(c.userAssignRoles, { userId: dialog.user.id, roleIds: Array.isArray(v.roleIds) ? v.roleIds.map(Number) : [] });
      const fields = {
        nickname: String(v.nickname ?? ''),
        phone: String(v.phone ?? ''),
        email: String(v.email ?? ''),
        orgId: Number(v.orgId),
        enabled: v.enabled !== false,
        zb: v.zb === true,
        runIds: Array.isArray(v.runIds) ? v.runIds.map(Number) : [],
      };
      return dialog?.kind === 'edit'
        ? call(c.userEdit, { id: dialog.user.id, ...fields })
        : call(c.userAdd, { ...fields, newPassword: String(v.newPassword ?? ''), confirmPassword: String(v.confirmPassword ?? '') });
    },
    success: () =>
      t(
        dialog?.kind === 'add'
          ? 'common.outcome.addSuccess'
          : dialog?.kind === 'roles'
            ? 'common.outcome.setSuccess'
            : dialog?.kind === 'password'
              ? 'common.outcome.resetSuccess'
              : 'common.outcome.editSuccess',
      ),
    invalidate: ['users'],
    form,
    onDone: close,
  });
  const remove = useAdminMutation({ run: (id: number) => call(c.userDelete, { id }), success: t('common.outcome.deleteSuccess'), invalidate: ['users'] });

  const open = (next: Dialog) => {
    form.resetFields();
    if (next?.kind === 'edit') form.setFieldsValue(next.user);
    if (next?.kind === 'roles') form.setFieldsValue({ roleIds: next.user.roleIds });
    if (next?.kind === 'add') form.setFieldsValue({ enabled: true, zb: false, runIds: [] });
    setDialog(next);
  };

  return (
    <Card
      title={t('shell.menu.user')}
      extra={
        <Space>
          <Input.Search allowClear placeholder={t('admin.page.search')} onSearch={(v) => { setKeyword(v); setPage(1); }} style={{ width: 240 }} />
          <Button type="primary" onClick={() => open({ kind: 'add' })}>{t('admin.page.addUser')}</Button>
        </Space>
      }
    >
      <Table<AdminUser>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.records ?? []}
        data-testid="user-table"
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('admin.page.nickname'), dataIndex: 'nickname' },
          { title: t('admin.page.phone'), dataIndex: 'phone' },
          { title: t('admin.page.email'), dataIndex: 'email' },
          { title: t('admin.page.org'), dataIndex: 'orgName' },
          { title: t('admin.page.enabled'), dataIndex: 'enabled', render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('admin.page.yes') : t('admin.page.no')}</Tag> },
          {
            title: t('admin.page.actions'),
            key: 'actions',
            render: (_: unknown, user: AdminUser) =>
              user.sa ? null : (
                <Space>
                  <Button size="small" onClick={() => open({ kind: 'edit', user })}>{t('admin.page.edit')}</Button>
                  <Button size="small" onClick={() => open({ kind: 'roles', user })}>{t('admin.page.roles')}</Button>
                  <Button size="small" onClick={() => open({ kind: 'password', user })}>{t('admin.page.resetPassword')}</Button>
                  <Button size="small" danger onClick={() => modal.confirm({ title: t('admin.page.deleteUserConfirm', { name: user.nickname }), okType: 'danger', onOk: () => remove.mutateAsync(user.id) })}>
                    {t('admin.page.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'roles' ? t('admin.page.roles') : dialog?.kind === 'password' ? t('admin.page.resetPassword') : dialog?.kind === 'edit' ? t('admin.page.edit') : t('admin.page.addUser')} onCancel={close} onOk={() => form.submit()} confirmLoading={save.isPending} forceRender>
        <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => save.mutate(values)}>
          {dialog?.kind === 'password' ? (
            <>
              <Form.Item name="adminPassword" label={t('admin.page.adminPassword')} rules={[{ required: true, message: t('validation.required') }]}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item name="newPassword" label={t('admin.page.password')} rules={[zodRule(PasswordSchema, t)]}><Input.Password autoComplete="new-password" /></Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('admin.page.confirmPassword')}
                dependencies={['newPassword']}
                rules={[confirmPasswordRule(t)]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          ) : dialog?.kind === 'roles' ? (
            <Form.Item name="roleIds">
              <Checkbox.Group options={roles.map((r) => ({ value: r.id, label: `${r.name} (${r.orgName})` }))} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="nickname" label={t('admin.page.nickname')} rules={[zodRule(nameSchema(LIMITS.nicknameMaxLength), t)]}><Input /></Form.Item>
              <Form.Item name="phone" label={t('admin.page.phone')} rules={[zodRule(PhoneSchema, t)]}><Input inputMode="numeric" /></Form.Item>
              <Form.Item name="email" label={t('admin.page.email')} rules={[zodRule(EmailSchema, t)]}><Input type="email" /></Form.Item>
              <Form.Item name="orgId" label={t('admin.page.org')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select options={orgOptions(tree)} showSearch optionFilterProp="label" />
              </Form.Item>
              <Form.Item name="enabled" label={t('admin.page.enabled')} valuePropName="checked"><Switch /></Form.Item>
              <Form.Item name="runIds" label={t('admin.page.projects')} extra={t('admin.page.projectsHelp')}>
                <Select
                  mode="multiple"
                  allowClear
                  data-testid="user-runs"
                  optionFilterProp="label"
                  options={runOptions.map((r) => ({ value: r.runId, label: `${r.projectName} · ${r.tbmCode}` }))}
                />
              </Form.Item>
              <Form.Item name="zb" label={t('admin.page.zb')} extra={t('admin.page.zbHelp')} valuePropName="checked"><Switch /></Form.Item>
              {dialog?.kind === 'add' ? (
                <>
                  <Form.Item name="newPassword" label={t('admin.page.password')} rules={[zodRule(PasswordSchema, t)]}><Input.Password autoComplete="new-password" /></Form.Item>
                  <Form.Item
                    name="confirmPassword"
                    label={t('admin.page.confirmPassword')}
                    dependencies={['newPassword']}
                    rules={[confirmPasswordRule(t)]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </>
              ) : null}
            </>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
