import { PlusOutlined } from '@ant-design/icons';
import { adminContract as c, type Role } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { orgOptions, useOrgTree, useRoles } from '../api.js';
import { ResourceGrantTree } from '../components/ResourceGrantTree.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; role: Role } | { kind: 'resources'; role: Role; available: string[]; granted: string[] } | null;

type RoleFieldValues = Omit<z.input<typeof c.roleEdit.input>, 'id'>;

/** Roles: list, add, edit, delete, and the resources each grants. */
export function RolePage() {
  const t = useT();
  const client = useQueryClient();
  const roles = useRoles();
  const { data: tree = [] } = useOrgTree();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['roles'] });
  const remove = useMutationWithNotice({ mutationFn: (id: number) => call(c.roleDelete, { id }), success: t('common.outcome.deleteSuccess'), invalidate: [['roles']] });
  const role = dialog && dialog.kind !== 'add' ? dialog.role : null;

  // The role's current grants are read first, so the dialog opens with them checked.
  const handleOpenResources = async (chosen: Role) => {
    try {
      const result = await call(c.roleResources, { roleId: chosen.id });
      setDialog({ kind: 'resources', role: chosen, available: result.available.map((r) => r.code), granted: result.granted });
    } catch (error) {
      showApiError(error);
    }
  };

  const roleFields = (Field: TypedField<RoleFieldValues>) => (
    <>
      <Field name="name" label={t('admin.page.name')}>
        <Input />
      </Field>
      <Field name="kind" label={t('admin.page.roleKind')}>
        <Select
          options={[
            { value: 'custom', label: t('admin.page.kindCustom') },
            { value: 'org_admin', label: t('admin.page.kindOrgAdmin') },
          ]}
        />
      </Field>
      <Field name="orgId" label={t('admin.page.org')}>
        <Select options={orgOptions(tree)} showSearch optionFilterProp="label" />
      </Field>
      <Field name="sort" label={t('admin.page.sort')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Field>
    </>
  );

  return (
    <Card title={t('shell.menu.role')}>
      <DataTable<Role>
        source={roles}
        rowKey="id"
        data-testid="role-table"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            {t('admin.page.addRole')}
          </Button>
        }
        columns={[
          { key: 'name', title: t('admin.page.name'), dataIndex: 'name' },
          { key: 'kind', title: t('admin.page.roleKind'), dataIndex: 'kind', render: (k: Role['kind']) => (k === 'org_admin' ? t('admin.page.kindOrgAdmin') : t('admin.page.kindCustom')) },
          { key: 'org', title: t('admin.page.org'), dataIndex: 'orgName' },
          { key: 'sort', title: t('admin.page.sort'), dataIndex: 'sort', width: 100 },
          {
            key: 'actions',
            title: t('admin.page.actions'),
            render: (_: unknown, row: Role) => (
              <Space>
                <Button size="small" onClick={() => setDialog({ kind: 'edit', role: row })}>
                  {t('admin.page.edit')}
                </Button>
                <Button size="small" onClick={() => void handleOpenResources(row)}>
                  {t('admin.page.resources')}
                </Button>
                <DeleteButton size="small" title={t('admin.page.deleteRoleConfirm', { name: row.name })} onConfirm={() => remove.mutateAsync(row.id)}>
                  {t('admin.page.delete')}
                </DeleteButton>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog
        open={dialog?.kind === 'add'}
        name="role-add"
        title={t('admin.page.addRole')}
        schema={c.roleAdd.input}
        initialValues={{ kind: 'custom', sort: 1 }}
        onSubmit={async (input) => {
          await call(c.roleAdd, input);
          await refresh();
        }}
        successText={t('common.outcome.addSuccess')}
        onClose={close}
      >
        {roleFields}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'edit'}
        name="role-edit"
        title={t('admin.page.edit')}
        schema={c.roleEdit.input}
        hiddenValues={{ id: role?.id }}
        // The built-in super administrator's kind is not a choice of the form.
        initialValues={role ? { name: role.name, kind: role.kind === 'super_admin' ? undefined : role.kind, orgId: role.orgId, sort: role.sort } : {}}
        onSubmit={async (input) => {
          await call(c.roleEdit, input);
          await refresh();
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={close}
      >
        {roleFields}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'resources'}
        name="role-resources"
        title={role ? `${t('admin.page.resources')}: ${role.name}` : t('admin.page.resources')}
        width={720}
        schema={c.roleResourcesUpdate.input}
        hiddenValues={{ roleId: role?.id }}
        initialValues={{ codes: dialog?.kind === 'resources' ? dialog.granted : [] }}
        onSubmit={async (input) => {
          await call(c.roleResourcesUpdate, input);
          await refresh();
        }}
        successText={t('common.outcome.setSuccess')}
        onClose={close}
      >
        {(Field) => (
          <Field name="codes">
            <ResourceGrantTree available={dialog?.kind === 'resources' ? dialog.available : []} />
          </Field>
        )}
      </FormDialog>
    </Card>
  );
}
