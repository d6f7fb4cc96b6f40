import { adminContract as c, type AdminUser, authContract } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Input, Select, Switch } from 'antd';
import type { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { orgOptions, useOrgTree, useRoles } from '../api.js';

export type UserDialog = { kind: 'add' } | { kind: 'edit'; user: AdminUser } | { kind: 'roles'; user: AdminUser } | { kind: 'password'; user: AdminUser } | null;

/** The fields adding and editing share (the two contracts name them alike). */
type UserFieldValues = Omit<z.input<typeof c.userEdit.input>, 'id'>;

interface Choices {
  orgs: { value: number; label: string }[];
  runs: { value: number; label: string }[];
}

function UserFields({ Field, choices }: { Field: TypedField<UserFieldValues>; choices: Choices }) {
  const t = useT();
  return (
    <>
      <Field name="nickname" label={t('admin.page.nickname')}>
        <Input />
      </Field>
      <Field name="phone" label={t('admin.page.phone')}>
        <Input inputMode="numeric" />
      </Field>
      <Field name="email" label={t('admin.page.email')}>
        <Input type="email" />
      </Field>
      <Field name="orgId" label={t('admin.page.org')}>
        <Select options={choices.orgs} showSearch optionFilterProp="label" />
      </Field>
      <Field name="enabled" label={t('admin.page.enabled')} valuePropName="checked">
        <Switch />
      </Field>
      <Field name="runIds" label={t('admin.page.projects')} extra={t('admin.page.projectsHelp')}>
        <Select mode="multiple" allowClear data-testid="user-runs" optionFilterProp="label" options={choices.runs} />
      </Field>
      <Field name="zb" label={t('admin.page.zb')} extra={t('admin.page.zbHelp')} valuePropName="checked">
        <Switch />
      </Field>
    </>
  );
}

/** The dialogs of the user list: add, edit, roles and password reset, each typed by its contract. */
export function UserDialogs({ dialog, onClose }: { dialog: UserDialog; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const { data: roles = [] } = useRoles();
  // Loaded with the page, so the choices are there when a dialog opens.
  const { data: tree = [] } = useOrgTree();
  const { data: runOptions = [] } = useQuery({ queryKey: ['userRunOptions'], queryFn: () => call(c.userRunOptions, {}) });
  const choices: Choices = { orgs: orgOptions(tree), runs: runOptions.map((r) => ({ value: r.runId, label: `${r.projectName} · ${r.tbmCode}` })) };
  // The list shows the change before the dialog closes.
  const refresh = () => client.invalidateQueries({ queryKey: ['users'] });
  const user = dialog && dialog.kind !== 'add' ? dialog.user : null;

  return (
    <>
      <FormDialog
        open={dialog?.kind === 'add'}
        name="user-add"
        title={t('admin.page.addUser')}
        schema={c.userAdd.input}
        initialValues={{ enabled: true, zb: false, runIds: [] }}
        onSubmit={async (input) => {
          await call(c.userAdd, input);
          await refresh();
        }}
        successText={t('common.outcome.addSuccess')}
        onClose={onClose}
      >
        {(Field) => (
          <>
            <UserFields Field={Field} choices={choices} />
            <Field name="newPassword" label={t('admin.page.password')}>
              <Input.Password autoComplete="new-password" />
            </Field>
            <Field name="confirmPassword" label={t('admin.page.confirmPassword')} dependencies={['newPassword']}>
              <Input.Password autoComplete="new-password" />
            </Field>
          </>
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'edit'}
        name="user-edit"
        title={t('admin.page.edit')}
        schema={c.userEdit.input}
        hiddenValues={{ id: user?.id }}
        initialValues={
          user
            ? { nickname: user.nickname, phone: user.phone, email: user.email ?? undefined, orgId: user.orgId ?? undefined, enabled: user.enabled, zb: user.zb, runIds: user.runIds }
            : {}
        }
        onSubmit={async (input) => {
          await call(c.userEdit, input);
          await refresh();
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={onClose}
      >
        {(Field) => <UserFields Field={Field} choices={choices} />}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'roles'}
        name="user-roles"
        title={t('admin.page.roles')}
        schema={c.userAssignRoles.input}
        hiddenValues={{ userId: user?.id }}
        initialValues={{ roleIds: user?.roleIds ?? [] }}
        onSubmit={async (input) => {
          await call(c.userAssignRoles, input);
          await refresh();
        }}
        successText={t('common.outcome.setSuccess')}
        onClose={onClose}
      >
        {(Field) => (
          <Field name="roleIds">
            <Checkbox.Group options={roles.map((r) => ({ value: r.id, label: `${r.name} (${r.orgName})` }))} />
          </Field>
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'password'}
        name="user-password"
        title={t('admin.page.resetPassword')}
        schema={authContract.resetPassword.input}
        hiddenValues={{ userId: user?.id }}
        onSubmit={(input) => call(authContract.resetPassword, input)}
        successText={t('common.outcome.resetSuccess')}
        onClose={onClose}
      >
        {(Field) => (
          <>
            <Field name="adminPassword" label={t('admin.page.adminPassword')}>
              <Input.Password autoComplete="current-password" />
            </Field>
            <Field name="newPassword" label={t('admin.page.password')}>
              <Input.Password autoComplete="new-password" />
            </Field>
            <Field name="confirmPassword" label={t('admin.page.confirmPassword')} dependencies={['newPassword']}>
              <Input.Password autoComplete="new-password" />
            </Field>
          </>
        )}
      </FormDialog>
    </>
  );
}
