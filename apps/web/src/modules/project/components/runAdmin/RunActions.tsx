import { CheckCircleOutlined, DeleteOutlined, EditOutlined, ExclamationCircleFilled, MoreOutlined, UndoOutlined } from '@ant-design/icons';
import type { runAdminContract } from '@boreline/contracts';
import { Button, Dropdown, Modal, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useT } from '../../../../core/i18n.js';
import { ConfirmDelete } from '../../../../ui/ConfirmDelete.js';
import { useConfirmAction } from '../../../../ui/useConfirmAction.js';

type Confirming = 'finish' | 'reopen' | 'delete' | null;

export interface RunActionsProps {
  runId: number;
  projectName: string;
  state: runAdminContract.RunAdminState;
  onEdit(runId: number): void;
  onFinish(runId: number): Promise<unknown>;
  onReopen(runId: number): Promise<unknown>;
  onDelete(runId: number): Promise<unknown>;
}

/** Asks before finishing or reopening a run, saying what it means for its machine data. */
function ConfirmLifecycle({ kind, name, onConfirm, onClose }: { kind: 'finish' | 'reopen' | null; name: string; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const t = useT();
  const { pending, handleOk } = useConfirmAction(onConfirm, onClose);
  return (
    <Modal
      open={kind !== null}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginInlineEnd: 8 }} />
          {kind === 'reopen' ? t('runAdmin.confirm.reopenTitle', { name }) : t('runAdmin.confirm.finishTitle', { name })}
        </span>
      }
      okText={kind === 'reopen' ? t('runAdmin.action.reopen') : t('runAdmin.action.finish')}
      cancelText={t('ui.dialog.cancel')}
      okButtonProps={{ loading: pending, danger: kind === 'finish' }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void handleOk()}
      onCancel={() => (pending ? undefined : onClose())}
      destroyOnHidden
      width={440}
    >
      <p>{kind === 'reopen' ? t('runAdmin.confirm.reopen') : t('runAdmin.confirm.finish')}</p>
    </Modal>
  );
}

/**
 * A row's administration: edit, finish or reopen (confirmed), delete (confirmed with the spec's
 * permanent-delete text; unavailable, with the reason, once the run holds data).
 */
export function RunActions({ runId, projectName, state, onEdit, onFinish, onReopen, onDelete }: RunActionsProps) {
  const t = useT();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const finished = state.finishedAt !== null;
  const items = [
    ...(state.canWrite
      ? [
          { key: 'edit', icon: <EditOutlined />, label: t('runAdmin.action.edit') },
          finished ? { key: 'reopen', icon: <UndoOutlined />, label: t('runAdmin.action.reopen') } : { key: 'finish', icon: <CheckCircleOutlined />, label: t('runAdmin.action.finish') },
        ]
      : []),
    ...(state.canDelete
      ? [
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: true,
            disabled: state.hasData,
            label: state.hasData ? (
              <Tooltip title={t('runAdmin.deleteDisabled')} placement="left">
                <span data-testid="delete-disabled">{t('runAdmin.action.delete')}</span>
              </Tooltip>
            ) : (
              t('runAdmin.action.delete')
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {finished ? <Tag color="default">{t('runAdmin.finishedTag')}</Tag> : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'edit') onEdit(runId);
            else setConfirming(key as Confirming);
          },
        }}
      >
        <Button size="small" icon={<MoreOutlined />} aria-label={t('runAdmin.action.more', { name: projectName })} data-testid="run-actions" />
      </Dropdown>
      <ConfirmLifecycle
        kind={confirming === 'finish' || confirming === 'reopen' ? confirming : null}
        name={projectName}
        onConfirm={() => (confirming === 'reopen' ? onReopen(runId) : onFinish(runId))}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDelete open={confirming === 'delete'} title={t('runAdmin.confirm.deleteTitle', { name: projectName })} onConfirm={() => onDelete(runId)} onClose={() => setConfirming(null)} />
    </>
  );
}
