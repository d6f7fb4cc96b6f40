import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../../core/i18n.js';

export interface EditModalProps {
  title: string;
  width: number;
  saving: boolean;
  onSave(): void;
  onClose(): void;
  children: ReactNode;
}

/** The dialog of an edit form: its body scrolls, so header and buttons stay on a 720-pixel-high screen. */
export function EditModal(props: EditModalProps) {
  const t = useT();
  return (
    <Modal
      open
      centered
      width={props.width}
      title={props.title}
      okText={t('project.basicInfo.save')}
      confirmLoading={props.saving}
      onOk={props.onSave}
      onCancel={props.onClose}
      mask={{ closable: false }}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 } }}
    >
      {props.children}
    </Modal>
  );
}
