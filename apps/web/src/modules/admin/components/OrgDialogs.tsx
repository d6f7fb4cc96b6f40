import { adminContract as c, type OrgNode } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { orgOptions } from '../api.js';
import { ResourceGrantTree } from './ResourceGrantTree.js';

export type OrgDialog =
  | { kind: 'add'; org: OrgNode; sort: number }
  | { kind: 'edit'; org: OrgNode }
  | { kind: 'transfer'; org: OrgNode }
  | { kind: 'grants'; org: OrgNode; codes: string[] }
  | null;

type OrgFieldValues = Omit<z.input<typeof c.orgEdit.input>, 'id'>;

/** No administrator chosen is sent as null: the organization has none (left out, it would stay as it was). */
const withAdministrator = (values: Record<string, unknown>) => ({ ...values, adminUserId: typeof values.adminUserId === 'number' ? values.adminUserId : null });

interface OrgDialogsProps {
  dialog: OrgDialog;
  tree: OrgNode[];
  candidates: { id: number; nickname: string; phone: string }[];
  onClose: () => void;
}

/** The dialogs of the organization page: add below, edit, transfer and resource grants, each typed by its contract. */
export function OrgDialogs({ dialog, tree, candidates, onClose }: OrgDialogsProps) {
  const t = useT();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['orgs'] });
  const org = dialog?.org ?? null;

  const orgFields = (Field: TypedField<OrgFieldValues>) => (
    <>
      <Field name="name" label={t('admin.page.name')}>
        <Input />
      </Field>
      <Field name="type" label={t('admin.page.type')}>
        <Select
          options={[
            { value: 'company', label: t('admin.page.typeCompany') },
            { value: 'organization', label: t('admin.page.typeOrganization') },
          ]}
        />
      </Field>
      <Field name="sort" label={t('admin.page.sort')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="adminUserId" label={t('admin.page.administrator')}>
        <Select allowClear showSearch optionFilterProp="label" options={candidates.map((u) => ({ value: u.id, label: `${u.nickname} (${u.phone})` }))} />
      </Field>
    </>
  );

  return (
    <>
      <FormDialog
        open={dialog?.kind === 'add'}
        name="org-add"
        title={t('admin.page.addSub')}
        schema={c.orgAdd.input}
        hiddenValues={{ parentId: org?.id }}
        initialValues={{ type: 'organization', sort: dialog?.kind === 'add' ? dialog.sort : 1 }}
        toInput={withAdministrator}
        onSubmit={async (input) => {
          await call(c.orgAdd, input);
          await refresh();
        }}
        successText={t('common.outcome.addSuccess')}
        onClose={onClose}
      >
        {orgFields}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'edit'}
        name="org-edit"
        title={t('admin.page.edit')}
        schema={c.orgEdit.input}
        hiddenValues={{ id: org?.id }}
        initialValues={org ? { name: org.name, type: org.type, sort: org.sort, adminUserId: org.adminUserId ?? undefined } : {}}
        toInput={withAdministrator}
        onSubmit={async (input) => {
          await call(c.orgEdit, input);
          await refresh();
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={onClose}
      >
        {orgFields}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'transfer'}
        name="org-transfer"
        title={t('admin.page.transfer')}
        schema={c.orgTransfer.input}
        hiddenValues={{ id: org?.id }}
        onSubmit={async (input) => {
          await call(c.orgTransfer, input);
          await refresh();
        }}
        successText={t('common.outcome.transferSuccess')}
        onClose={onClose}
      >
        {(Field) => (
          <Field name="parentId" label={t('admin.page.superior')}>
            <Select options={orgOptions(tree).filter((o) => o.value !== org?.id)} showSearch optionFilterProp="label" />
          </Field>
        )}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'grants'}
        name="org-grants"
        title={t('admin.page.grants')}
        width={720}
        schema={c.orgResourcesEdit.input}
        hiddenValues={{ orgId: org?.id }}
        initialValues={{ codes: dialog?.kind === 'grants' ? dialog.codes : [], overwriteLower: false }}
        onSubmit={async (input) => {
          await call(c.orgResourcesEdit, input);
          await refresh();
        }}
        successText={t('common.outcome.setSuccess')}
        onClose={onClose}
      >
        {(Field) => (
          <>
            <Field name="codes" label={t('admin.page.resources')}>
              <ResourceGrantTree />
            </Field>
            <Field name="overwriteLower" label={t('admin.page.overwriteLower')} valuePropName="checked">
              <Switch />
            </Field>
          </>
        )}
      </FormDialog>
    </>
  );
}
