import { authContract, DATE_FORMATS, type LoginLogEntry } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';

const METHOD_KEYS: Record<LoginLogEntry['method'], MessageKey> = {
  password_image: 'account.loginLog.methodPasswordImage',
  password_slide: 'account.loginLog.methodPasswordSlide',
  mobile_code: 'account.loginLog.methodMobileCode',
};
const RESULT_KEYS: Record<LoginLogEntry['result'], MessageKey> = {
  success: 'account.loginLog.resultSuccess',
  bad_credentials: 'account.loginLog.resultBadCredentials',
  bad_captcha: 'account.loginLog.resultBadCaptcha',
  puzzle_required: 'account.loginLog.resultPuzzleRequired',
  bad_code: 'account.loginLog.resultBadCode',
  throttled: 'account.loginLog.resultThrottled',
  disabled: 'account.loginLog.resultDisabled',
};

export function LoginLogTable() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useQuery({
    queryKey: ['loginLog', page, pageSize],
    queryFn: () => call(authContract.loginLog, { page, pageSize }),
  });
  return (
    <Table<LoginLogEntry>
      data-testid="login-log"
      rowKey="id"
      size="middle"
      loading={isLoading}
      dataSource={data?.records ?? []}
      locale={{ emptyText: t('account.loginLog.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        onChange: (p, s) => {
          setPage(p);
          setPageSize(s);
        },
      }}
      columns={[
        { title: t('account.loginLog.time'), dataIndex: 'time', render: (v: number) => dayjs(v).format(DATE_FORMATS.dateTimeSeconds), width: 180 },
        { title: t('account.loginLog.account'), dataIndex: 'account' },
        { title: t('account.loginLog.ip'), dataIndex: 'ip', width: 140 },
        { title: t('account.loginLog.method'), dataIndex: 'method', render: (v: LoginLogEntry['method']) => t(METHOD_KEYS[v]) },
        {
          title: t('account.loginLog.result'),
          dataIndex: 'result',
          render: (v: LoginLogEntry['result']) => <Tag color={v === 'success' ? 'green' : 'red'}>{t(RESULT_KEYS[v])}</Tag>,
        },
        { title: t('account.loginLog.userAgent'), dataIndex: 'userAgent', ellipsis: true },
      ]}
    />
  );
}
