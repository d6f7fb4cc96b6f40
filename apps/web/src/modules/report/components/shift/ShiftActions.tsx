import { DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { RESULT_CODE, shiftReportContract } from '@boreline/contracts';
import { Button, Modal, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../../core/api/client.js';
import { showApiError } from '../../../../core/forms.js';
import { notify } from '../../../../core/notify.js';
import { type SlotRef, useDeleteShiftReport, useGenerateShiftRecords, settle } from '../../shiftApi.js';
import { isEditExpired } from './useEditWindow.js';
import { useT } from '../../../../core/i18n.js';

/** The server asks first when generation would replace records (code 3 with `data.needsConfirmation`). */
const needsConfirmation = (error: unknown): boolean =>
  error instanceof ApiError && error.code === RESULT_CODE.business && shiftReportContract.isShiftRefusal(error.data, 'needsConfirmation');

/** Records from the machine's advance and ring-building intervals; replacing existing ones is confirmed first (spec §4). */
export function GenerateButton({ slotRef, onExpired, primary = false }: { slotRef: SlotRef; onExpired(): void; primary?: boolean }) {
  const t = useT();
  const generate = useGenerateShiftRecords(slotRef);
  const [confirming, setConfirming] = useState(false);
  const send = (overwrite: boolean) =>
    settle(generate.mutateAsync(overwrite), {
      onSuccess: () => {
        setConfirming(false);
        notify.show('success', t('report.shift.generated'));
      },
      onError: (error) => {
        if (!overwrite && needsConfirmation(error)) {
          setConfirming(true);
          return;
        }
        setConfirming(false);
        if (isEditExpired(error)) onExpired();
        showApiError(error);
      },
    });
  return (
    <>
      <Button type={primary ? 'primary' : 'default'} icon={<ThunderboltOutlined />} loading={generate.isPending && !confirming} onClick={() => send(false)}>
        {t('report.shiftPage.generate')}
      </Button>
      <Modal
        open={confirming}
        title={t('report.shiftPage.generateTitle')}
        okText={t('report.shiftPage.overwrite')}
        okButtonProps={{ danger: true }}
        confirmLoading={generate.isPending}
        onOk={() => send(true)}
        onCancel={() => setConfirming(false)}
      >
        <p data-testid="overwrite-confirm">{t('report.shift.overwriteConfirm')}</p>
      </Modal>
    </>
  );
}

/** Deletes the report with all its records, for good, after the spec's confirmation. */
export function DeleteReportButton({ slotRef, shiftRecId, onExpired }: { slotRef: SlotRef; shiftRecId: number; onExpired(): void }) {
  const t = useT();
  const remove = useDeleteShiftReport(slotRef);
  return (
    <Popconfirm
      title={t('common.confirm.deletePermanent')}
      okText={t('report.shiftPage.deleteReport')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        settle(remove.mutateAsync(shiftRecId), {
          onSuccess: () => notify.show('success', t('common.outcome.deleteSuccess')),
          onError: (error) => {
            if (isEditExpired(error)) onExpired();
            showApiError(error);
          },
        })
      }
    >
      <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
        {t('report.shiftPage.deleteReport')}
      </Button>
    </Popconfirm>
  );
}

/** Leaving with unsaved changes (another shift, another page, closing the tab) asks first, in the spec's words. */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('report.shiftPage.unsavedTitle')}
      okText={t('report.shiftPage.leave')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('common.confirm.unsavedClose')}</p>
    </Modal>
  );
}
