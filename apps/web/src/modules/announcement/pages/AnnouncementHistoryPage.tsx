import type { announcementContract as c } from '@boreline/contracts';
import { Card, Tag } from 'antd';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useAnnouncementHistory } from '../api.js';
import { AnnouncementView } from '../components/AnnouncementView.js';

/** The announcement history: past and current announcements addressed to the user, newest first. */
export function AnnouncementHistoryPage() {
  const t = useT();
  const params = useQueryParams(ListParamsSchema);
  const { page, pageSize } = params.values;
  const history = useAnnouncementHistory(page, pageSize);
  return (
    <Card title={t('announcementWeb.history.title')} data-testid="announcement-history">
      <DataTable<c.Announcement>
        source={history}
        rowKey="id"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        emptyText={t('announcementWeb.history.empty')}
        data-testid="announcement-history-table"
        columns={[
          { key: 'announcement', title: t('announcementWeb.field.title'), render: (_: unknown, a: c.Announcement) => <AnnouncementView announcement={a} /> },
          {
            key: 'state',
            title: t('announcementWeb.field.state'),
            width: 120,
            render: (_: unknown, a: c.Announcement) => (a.current ? <Tag color="green">{t('announcementWeb.state.current')}</Tag> : <Tag>{t('announcementWeb.state.ended')}</Tag>),
          },
        ]}
      />
    </Card>
  );
}
