import { segmentContract as s } from '@boreline/contracts';
import { Input, InputNumber, Space, Typography } from 'antd';
import type { z } from 'zod';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { addClearance, addTailGap, editClearance, editTailGap, type TailClearance, type TailGap } from '../api.js';

const SIDES = ['up', 'down', 'left', 'right'] as const;
const SIDE_LABELS = { up: 'segmentWeb.side.up', down: 'segmentWeb.side.down', left: 'segmentWeb.side.left', right: 'segmentWeb.side.right' } as const;

interface DialogProps<R> {
  run: CurrentRun;
  open: boolean;
  record: R | null;
  onSaved: () => unknown;
  onClose: () => void;
}

/** A ring's tail gap: four clearances, integers of 0 or more (mm), as the contract checks them. */
export function TailGapDialog({ run, open, record, onSaved, onClose }: DialogProps<TailGap>) {
  const t = useT();
  const fields = (Field: TypedField<z.input<typeof s.tailAdd.input>>) => (
    <>
      <Field name="ringNo" label={t('segmentWeb.field.ringNo')}>
        <InputNumber style={{ width: 140 }} data-testid="gap-ring" />
      </Field>
      <Space size={12} wrap align="start">
        {SIDES.map((side) => (
          <Field key={side} name={side} label={t(SIDE_LABELS[side])}>
            <InputNumber style={{ width: 110 }} data-testid={`gap-${side}`} />
          </Field>
        ))}
      </Space>
      <Field name="remark" label={t('segmentWeb.field.remark')}>
        <Input autoComplete="off" />
      </Field>
    </>
  );
  const common = { open, name: 'gap', title: record ? t('segmentWeb.gap.edit') : t('segmentWeb.gap.add'), successText: t('segmentWeb.record.saved'), onClose, width: 600, 'data-testid': 'gap-dialog' };
  return record ? (
    <FormDialog
      {...common}
      schema={s.tailEdit.input}
      initialValues={{ ringNo: record.ringNo, up: record.up, down: record.down, left: record.left, right: record.right, remark: record.remark ?? '' }}
      hiddenValues={{ runId: run.runId, id: record.id }}
      onSubmit={(input) => editTailGap(input).then(onSaved)}
    >
      {(Field) => fields(Field)}
    </FormDialog>
  ) : (
    <FormDialog {...common} schema={s.tailAdd.input} hiddenValues={{ runId: run.runId }} onSubmit={(input) => addTailGap(input).then(onSaved)}>
      {(Field) => fields(Field)}
    </FormDialog>
  );
}

const BEFORE = { up: 'upBefore', down: 'downBefore', left: 'leftBefore', right: 'rightBefore' } as const;
const AFTER = { up: 'upAfter', down: 'downAfter', left: 'leftAfter', right: 'rightAfter' } as const;

/** An empty after-build field is none: the four after-build values come together or not at all. */
const clearanceInput = (values: Record<string, unknown>) => ({ ...values, ...Object.fromEntries(Object.values(AFTER).map((name) => [name, values[name] ?? null])) });

/** A ring's tail clearance before the build and, whole or not at all, after it (mm). */
export function ClearanceDialog({ run, open, record, onSaved, onClose }: DialogProps<TailClearance>) {
  const t = useT();
  const fields = (Field: TypedField<z.input<typeof s.clearanceAdd.input>>) => (
    <>
      <Field name="ringNo" label={t('segmentWeb.field.ringNo')}>
        <InputNumber style={{ width: 140 }} data-testid="clearance-ring" />
      </Field>
      <Typography.Text strong>{t('segmentWeb.clearance.before')}</Typography.Text>
      <Space size={12} wrap align="start">
        {SIDES.map((side) => (
          <Field key={side} name={BEFORE[side]} label={t(SIDE_LABELS[side])}>
            <InputNumber style={{ width: 110 }} data-testid={`clearance-${BEFORE[side]}`} />
          </Field>
        ))}
      </Space>
      <Typography.Text strong>{t('segmentWeb.clearance.after')}</Typography.Text>
      <Space size={12} wrap align="start">
        {SIDES.map((side) => (
          <Field key={side} name={AFTER[side]} label={t(SIDE_LABELS[side])}>
            <InputNumber style={{ width: 110 }} data-testid={`clearance-${AFTER[side]}`} />
          </Field>
        ))}
      </Space>
      <Field name="remark" label={t('segmentWeb.field.remark')}>
        <Input autoComplete="off" />
      </Field>
    </>
  );
  const common = {
    open,
    name: 'clearance',
    title: record ? t('segmentWeb.clearance.edit') : t('segmentWeb.clearance.add'),
    successText: t('segmentWeb.record.saved'),
    toInput: clearanceInput,
    onClose,
    width: 640,
    'data-testid': 'clearance-dialog',
  };
  return record ? (
    <FormDialog
      {...common}
      schema={s.clearanceEdit.input}
      initialValues={{
        ringNo: record.ringNo,
        upBefore: record.upBefore,
        downBefore: record.downBefore,
        leftBefore: record.leftBefore,
        rightBefore: record.rightBefore,
        upAfter: record.upAfter,
        downAfter: record.downAfter,
        leftAfter: record.leftAfter,
        rightAfter: record.rightAfter,
        remark: record.remark ?? '',
      }}
      hiddenValues={{ runId: run.runId, id: record.id }}
      onSubmit={(input) => editClearance(input).then(onSaved)}
    >
      {(Field) => fields(Field)}
    </FormDialog>
  ) : (
    <FormDialog {...common} schema={s.clearanceAdd.input} hiddenValues={{ runId: run.runId }} onSubmit={(input) => addClearance(input).then(onSaved)}>
      {(Field) => fields(Field)}
    </FormDialog>
  );
}
