import { CopyOutlined, MobileOutlined } from '@ant-design/icons';
import { monitorContract } from '@boreline/contracts';
import { Alert, Button, Input, type InputRef, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';

interface Issued {
  url: string;
  expiresAt: number;
}

const remaining = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * Issues a one-time link to the run's mobile real-time view for a host app, and shows it with a
 * copy button and how long it stays valid (a new one can be issued once it has expired).
 */
export function H5LinkButton({ runId, timeZone }: { runId: number; timeZone: string }) {
  const t = useT();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<InputRef>(null);
  const issue = useMutationWithNotice({
    mutationFn: () => call(monitorContract.h5LinkIssue, { runId }),
    // The dialog shows the link: no message on top of it.
    success: null,
    onSuccess: (link) => {
      setNow(Date.now());
      setIssued({ url: new URL(link.path, window.location.origin).toString(), expiresAt: link.expiresAt });
    },
  });
  useEffect(() => {
    if (!issued) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [issued]);

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.url);
      notify.show('success', t('realtime.h5Link.copied'));
    } catch {
      input.current?.select();
      notify.show('warning', t('realtime.h5Link.copyFailed'));
    }
  };
  const expired = issued !== null && now >= issued.expiresAt;
  const until = issued ? dayjs(issued.expiresAt).tz(timeZone).format('HH:mm:ss') : '';

  return (
    <>
      <Button size="small" icon={<MobileOutlined />} loading={issue.isPending} onClick={() => issue.mutate(undefined)} data-testid="h5-link-issue">
        {t('realtime.h5Link.button')}
      </Button>
      <Modal
        open={issued !== null}
        title={t('realtime.h5Link.title')}
        onCancel={() => setIssued(null)}
        footer={null}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }} data-testid="h5-link-dialog">
          <Typography.Paragraph type="secondary">{t('realtime.h5Link.explain')}</Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input ref={input} readOnly value={issued?.url ?? ''} aria-label={t('realtime.h5Link.button')} data-testid="h5-link-url" disabled={expired} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} disabled={expired} data-testid="h5-link-copy">
              {t('realtime.h5Link.copy')}
            </Button>
          </Space.Compact>
          {expired ? (
            <Alert
              type="warning"
              showIcon
              title={t('realtime.h5Link.expired', { time: until })}
              action={
                <Button size="small" onClick={() => issue.mutate(undefined)}>
                  {t('realtime.h5Link.renew')}
                </Button>
              }
              data-testid="h5-link-expired"
            />
          ) : (
            <Typography.Text data-testid="h5-link-expiry" data-expires-at={issued?.expiresAt}>
              {t('realtime.h5Link.validUntil', { time: until, remaining: remaining((issued?.expiresAt ?? now) - now) })}
            </Typography.Text>
          )}
        </Space>
      </Modal>
    </>
  );
}
