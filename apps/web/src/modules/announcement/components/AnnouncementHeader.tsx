import { NotificationOutlined } from '@ant-design/icons';
import type { announcementContract as c } from '@boreline/contracts';
import { Badge, Button, Empty, Modal, Popover, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { useCurrentAnnouncements, useMarkRead } from '../api.js';
import { AnnouncementView } from './AnnouncementView.js';
import '../announcement.css';

/** Session storage: the sign-in dialog was shown in this tab's session. */
const SHOWN_KEY = 'boreline.announcementsShown';
const wasShown = () => {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
};
const markShown = () => {
  try {
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {
    // Without storage the dialog shows once per page load.
  }
};

/**
 * The header's announcement icon (a header item of the announcement module): a badge with the
 * unread current announcements, a panel listing the current ones (open one to read it), and once
 * per session, right after sign-in, a dialog with the unread current ones.
 */
export function AnnouncementHeader() {
  const t = useT();
  const current = useCurrentAnnouncements();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<c.Announcement | null>(null);
  const [signIn, setSignIn] = useState<c.Announcement[] | null>(null);
  const list = current.data ?? [];
  const unread = list.filter((a) => !a.read);

  useEffect(() => {
    if (!current.data || wasShown()) return;
    markShown();
    const fresh = current.data.filter((a) => !a.read);
    if (fresh.length > 0) setSignIn(fresh);
  }, [current.data]);

  const read = (items: readonly c.Announcement[]) => markRead(items.filter((a) => !a.read).map((a) => a.id)).catch(showApiError);

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        content={
          <div className="bl-announcement-panel" role="dialog" aria-label={t('announcementWeb.header.title')} data-testid="announcement-panel">
            {list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('announcementWeb.header.empty')} />
            ) : (
              <ul className="bl-announcement-list">
                {list.map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      className={`bl-announcement-item${a.read ? '' : ' unread'}`}
                      data-testid="announcement-item"
                      onClick={() => {
                        setOpen(false);
                        setReading(a);
                      }}
                    >
                      <span className="bl-announcement-item-title">{a.title}</span>
                      {a.pinned ? <Tag color="gold">{t('announcementWeb.pinned')}</Tag> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div style={{ marginTop: 8, textAlign: 'right' }}>
              <Link to="/fw1/announcement/history" onClick={() => setOpen(false)} data-testid="announcement-history-link">
                {t('announcementWeb.header.viewAll')}
              </Link>
            </div>
          </div>
        }
      >
        <Button
          type="text"
          aria-label={t('announcementWeb.header.label', { count: unread.length })}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="announcement-bell"
          data-count={current.data ? unread.length : undefined}
          icon={
            <Badge count={unread.length} size="small" overflowCount={99}>
              <NotificationOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
      <Modal
        open={reading !== null}
        title={t('announcementWeb.header.title')}
        onCancel={() => setReading(null)}
        footer={[
          <Button key="close" onClick={() => setReading(null)}>
            {t('announcementWeb.close')}
          </Button>,
          reading && !reading.read ? (
            <Button
              key="read"
              type="primary"
              data-testid="announcement-mark-read"
              onClick={() => {
                void read([reading]);
                setReading(null);
              }}
            >
              {t('announcementWeb.markRead')}
            </Button>
          ) : null,
        ]}
        data-testid="announcement-dialog"
      >
        {reading ? <AnnouncementView announcement={reading} /> : null}
      </Modal>
      <Modal
        open={signIn !== null}
        title={t('announcementWeb.signIn.title', { count: signIn?.length ?? 0 })}
        onCancel={() => setSignIn(null)}
        width={640}
        footer={[
          <Button key="close" onClick={() => setSignIn(null)} data-testid="announcement-signin-close">
            {t('announcementWeb.close')}
          </Button>,
          <Button
            key="read"
            type="primary"
            data-testid="announcement-signin-read"
            onClick={() => {
              if (signIn) void read(signIn);
              setSignIn(null);
            }}
          >
            {t('announcementWeb.markAllRead')}
          </Button>,
        ]}
      >
        <div data-testid="announcement-signin">
          {(signIn ?? []).map((a) => (
            <AnnouncementView key={a.id} announcement={a} />
          ))}
        </div>
      </Modal>
    </>
  );
}
