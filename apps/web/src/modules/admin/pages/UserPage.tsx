import { PlusOutlined } from '@ant-design/icons';
import { adminContract as c, type AdminUser, LIMITS } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { type UserDialog, UserDialogs } from '../components/UserDialogs.js';

/** The user list's address: page, size and the search words. */
const UserFilterSchema = ListParamsSchema.extend({ keyword: z.string().trim().max(LIMITS.emailMaxLength).optional() });

/** Users: search, add, edit, roles, password reset, delete. */
export function UserPage() {
  const t = useT();
  const params = useQueryParams(UserFilterSchema);
  const { page, pageSize, keyword } = params.values;
  const users = useQuery({
    queryKey: ['users', { page, pageSize, keyword }],
    queryFn: () => call(c.userPage, { page, pageSize, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<UserDialog>(null);
  const remove = useMutationWithNotice({
    mutationFn: (id: number) => call(c.userDelete, { id }),
    success: t('common.outcome.deleteSuccess'),
    invalidate: [['users']],
  });

  return (
    <Card title={t('shell.menu.user')}>
      <QueryForm params={params}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('admin.page.search')} style={{ width: 280 }} />
        </Form.Item>
      </QueryForm>
      <DataTable<AdminUser>
        source={users}
        rowKey="id"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        data-testid="user-table"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            {t('admin.page.addUser')}
          </Button>
        }
        columns={[
          { key: 'nickname', title: t('admin.page.nickname'), dataIndex: 'nickname' },
          { key: 'phone', title: t('admin.page.phone'), dataIndex: 'phone' },
          { key: 'email', title: t('admin.page.email'), dataIndex: 'email' },
          { key: 'org', title: t('admin.page.org'), dataIndex: 'orgName' },
          {
            key: 'enabled',
            title: t('admin.page.enabled'),
            dataIndex: 'enabled',
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('admin.page.yes') : t('admin.page.no')}</Tag>,
          },
          {
            key: 'actions',
            title: t('admin.page.actions'),
            render: (_: unknown, user: AdminUser) =>
              user.sa ? null : (
                <Space>
                  <Button size="small" onClick={() => setDialog({ kind: 'edit', user })}>
                    {t('admin.page.edit')}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'roles', user })}>
                    {t('admin.page.roles')}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'password', user })}>
                    {t('admin.page.resetPassword')}
                  </Button>
                  <DeleteButton size="small" title={t('admin.page.deleteUserConfirm', { name: user.nickname })} onConfirm={() => remove.mutateAsync(user.id)}>
                    {t('admin.page.delete')}
                  </DeleteButton>
                </Space>
              ),
          },
        ]}
      />
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
