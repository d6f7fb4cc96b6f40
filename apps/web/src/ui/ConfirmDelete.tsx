import { DeleteOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useT } from '../core/i18n.js';
import { useConfirmAction } from './useConfirmAction.js';

export interface ConfirmDeleteProps {
  open: boolean;
  /** Names what goes, per entity (spec §8): 'Delete the user Ana permanently?'. */
  title: string;
  /** What deleting means; the spec's permanent-delete text unless the entity says more. */
  description?: ReactNode;
  /**
   * The deletion. It says itself how it went (a `useMutationWithNotice`), so a refusal is not
   * repeated here; the dialog closes either way.
   */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting (spec §4: deletions are confirmed as permanent); the delete button spins meanwhile. */
export function ConfirmDelete({ open, title, description, onConfirm, onClose }: ConfirmDeleteProps) {
  const t = useT();
  const { pending, handleOk } = useConfirmAction(onConfirm, onClose);
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginInlineEnd: 8 }} />
          {title}
        </span>
      }
      okText={t('ui.confirmDelete.ok')}
      cancelText={t('ui.dialog.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void handleOk()}
      onCancel={() => (pending ? undefined : onClose())}
      destroyOnHidden
      width={440}
    >
      <p>{description ?? t('common.confirm.deletePermanent')}</p>
    </Modal>
  );
}

export interface DeleteButtonProps extends Omit<ConfirmDeleteProps, 'open' | 'onClose'> {
  /** The button's text; "Delete" by default. */
  children?: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
  'data-testid'?: string;
}

/** A danger button that deletes after the confirmation of `ConfirmDelete`. */
export function DeleteButton({ children, disabled, size, 'data-testid': testId, ...confirm }: DeleteButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button danger size={size} disabled={disabled} icon={size === 'small' ? undefined : <DeleteOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {children ?? t('ui.confirmDelete.ok')}
      </Button>
      <ConfirmDelete {...confirm} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
