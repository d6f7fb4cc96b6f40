import { BellOutlined } from '@ant-design/icons';
import { messagesContract as m } from '@boreline/contracts';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../../core/api/client.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { canUse, useFramework } from '../../../core/session.js';
import { notify } from '../../../core/notify.js';
import { useAfterRead, useLatestUnread, useMessageFeed, useRunOptions, useUnreadCounts } from '../api.js';
import { type Message, MESSAGE_LIST_PATH, MESSAGE_LIST_RESOURCE } from '../messageTypes.js';
import { useOpenMessage } from '../useOpenMessage.js';
import { ConfirmRead, MessageTime, TypeIcon } from './MessageParts.js';
import '../messages.css';

/**
 * The header bell (a header item of the messages module): the unread count, live from the
 * personal channel; its panel lists the newest unread messages, opens what one is about, marks all
 * read and leads to the full list. Keyboard: Enter opens, arrows move, Escape closes back to the bell.
 */
export function MessageBell() {
  const t = useT();
  const socketOpen = useMessageFeed();
  const counts = useUnreadCounts({ socketOpen });
  const afterRead = useAfterRead();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const total = counts.data?.total ?? 0;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  const readAll = async () => {
    try {
      const result = await call(m.readPersonal, { all: true });
      await afterRead(result);
      notify.show('success', t('messages.web.notice.read', { count: result.changed }));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        styles={{ container: { padding: 0 } }}
        content={
          <BellPanel
            open={open}
            total={total}
            onClose={close}
            onReadAll={() => {
              close(true);
              setConfirming(true);
            }}
          />
        }
      >
        <Button
          ref={trigger}
          type="text"
          aria-label={t('messages.web.bell.label', { count: total })}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="message-bell"
          data-count={counts.data ? total : undefined}
          icon={
            <Badge count={total} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
      <ConfirmRead open={confirming} title={t('messages.web.confirm.readAll', { count: total })} onConfirm={readAll} onClose={() => setConfirming(false)} />
    </>
  );
}

interface BellPanelProps {
  open: boolean;
  total: number;
  onClose: (refocus: boolean) => void;
  onReadAll: () => void;
}

function BellPanel({ open, total, onClose, onReadAll }: BellPanelProps) {
  const t = useT();
  const latest = useLatestUnread(open);
  const { zones } = useRunOptions(open);
  const openMessage = useOpenMessage();
  const panel = useRef<HTMLDivElement>(null);
  const mayList = useFramework((s) => canUse(s, MESSAGE_LIST_RESOURCE));
  const records = latest.data ?? [];

  // The panel is a dialog of its own at the end of the page: focus moves in when it opens.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => (panel.current?.querySelector<HTMLElement>('[data-bell-item]') ?? panel.current)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open, latest.isSuccess]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[data-bell-item]') ?? [])];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.findIndex((item) => item === document.activeElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length : at) - 1;
    items[next]?.focus();
  };

  const choose = (message: Message) => {
    onClose(false);
    void openMessage(message);
  };

  return (
    <div ref={panel} role="dialog" aria-label={t('shell.header.messages')} tabIndex={-1} className="bl-bell-panel" data-testid="message-bell-panel" onKeyDown={onKeyDown}>
      <div className="bl-bell-head">
        <strong>{t('shell.header.messages')}</strong>
        <span className="bl-bell-count">{t('messages.web.bell.unread', { count: total })}</span>
      </div>
      {latest.isPending && open ? (
        <div className="bl-bell-state">
          <Spin size="small" />
        </div>
      ) : records.length === 0 ? (
        <Empty className="bl-bell-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={latest.isError ? t('ui.table.loadFailed') : t('messages.web.bell.empty')} />
      ) : (
        <ul className="bl-bell-list">
          {records.map((message) => (
            <li key={message.id}>
              <button type="button" className="bl-bell-item" data-bell-item data-testid="bell-item" onClick={() => choose(message)}>
                <TypeIcon type={message.type} />
                <span className="bl-bell-body">
                  <span className="bl-bell-title">{message.title}</span>
                  <span className="bl-bell-meta">
                    {message.typeName}
                    {message.projectName ? ` · ${message.projectName}` : ''}
                    {' · '}
                    <MessageTime at={message.at} runId={message.runId} zones={zones} short />
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="bl-bell-foot">
        <Button size="small" type="link" disabled={total === 0} onClick={onReadAll} data-testid="bell-read-all">
          {t('messages.web.action.readAll')}
        </Button>
        {mayList ? (
          <Link to={MESSAGE_LIST_PATH} onClick={() => onClose(false)} data-testid="bell-view-all">
            {t('messages.web.bell.viewAll')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
