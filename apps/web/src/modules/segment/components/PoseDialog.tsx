import { segmentContract as s } from '@boreline/contracts';
import { AutoComplete, Input, InputNumber, Space } from 'antd';
import type { z } from 'zod';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { addPose, editPose, type SegmentPose, useKPositions, useRingWidths } from '../api.js';

/** A number typed in a free-text choice (ring width), as the contract takes it: empty is none, the rest a number. */
export const numberOrNull = (value: unknown): unknown => (value === undefined || value === null || value === '' ? null : typeof value === 'string' ? Number(value.trim()) : value);
const toInput = (values: Record<string, unknown>) => ({ ...values, ringWidth: numberOrNull(values.ringWidth), chainage: values.chainage ?? null });

export interface PoseDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The record edited; null adds one. */
  pose: SegmentPose | null;
  onSaved: () => unknown;
  onClose: () => void;
}

/**
 * Adds or corrects a ring's segment attitude, checked with the contract's rules: ring number an
 * integer of 0 or more, deviations signed (the sign convention said beside them), ring width and K
 * position chosen from the run's or typed.
 */
export function PoseDialog({ run, open, pose, onSaved, onClose }: PoseDialogProps) {
  const t = useT();
  const widths = useRingWidths(run.runId, open);
  const kPositions = useKPositions(run.runId, open);
  const common = {
    open,
    name: 'pose',
    title: pose ? t('segmentWeb.pose.edit') : t('segmentWeb.pose.add'),
    toInput,
    successText: t('segmentWeb.record.saved'),
    onClose,
    width: 640,
    'data-testid': 'pose-dialog',
  };
  const fields = (Field: TypedField<z.input<typeof s.segmentAdd.input>>) => (
    <>
      <Space size={12} wrap align="start">
        <Field name="ringNo" label={t('segmentWeb.field.ringNo')}>
          <InputNumber style={{ width: 140 }} data-testid="pose-ring" />
        </Field>
        <Field name="chainage" label={t('segmentWeb.field.chainage')}>
          <InputNumber style={{ width: 160 }} data-testid="pose-chainage" />
        </Field>
      </Space>
      <Space size={12} wrap align="start">
        <Field name="horizontalDeviation" label={t('segmentWeb.field.horizontalDeviation')} extra={t('segmentWeb.sign.horizontal')}>
          <InputNumber style={{ width: 200 }} data-testid="pose-horizontal" />
        </Field>
        <Field name="elevationDeviation" label={t('segmentWeb.field.elevationDeviation')} extra={t('segmentWeb.sign.elevation')}>
          <InputNumber style={{ width: 200 }} data-testid="pose-elevation" />
        </Field>
      </Space>
      <Space size={12} wrap align="start">
        <Field name="segmentType" label={t('segmentWeb.field.segmentType')}>
          <Input style={{ width: 160 }} autoComplete="off" data-testid="pose-type" />
        </Field>
        <Field name="ringWidth" label={t('segmentWeb.field.ringWidth')}>
          <AutoComplete style={{ width: 140 }} options={(widths.data ?? []).map((w) => ({ value: String(w) }))}>
            <Input autoComplete="off" data-testid="pose-width" />
          </AutoComplete>
        </Field>
        <Field name="kPosition" label={t('segmentWeb.field.kPosition')}>
          <AutoComplete
            style={{ width: 140 }}
            options={(kPositions.data ?? []).map((k) => ({ value: k }))}
            filterOption={(text, option) => String(option?.value ?? '').toLowerCase().includes(text.toLowerCase())}
          >
            <Input autoComplete="off" data-testid="pose-k" />
          </AutoComplete>
        </Field>
      </Space>
      <Field name="remark" label={t('segmentWeb.field.remark')}>
        <Input autoComplete="off" data-testid="pose-remark" />
      </Field>
    </>
  );
  if (pose) {
    return (
      <FormDialog
        {...common}
        schema={s.segmentEdit.input}
        initialValues={{
          ringNo: pose.ringNo,
          chainage: pose.chainage,
          horizontalDeviation: pose.horizontalDeviation,
          elevationDeviation: pose.elevationDeviation,
          segmentType: pose.segmentType ?? '',
          ringWidth: pose.ringWidth,
          kPosition: pose.kPosition ?? '',
          remark: pose.remark ?? '',
        }}
        hiddenValues={{ runId: run.runId, id: pose.id }}
        onSubmit={(input) => editPose(input).then(onSaved)}
      >
        {(Field) => fields(Field)}
      </FormDialog>
    );
  }
  return (
    <FormDialog {...common} schema={s.segmentAdd.input} initialValues={{ ringWidth: run.ringWidthMm ?? null }} hiddenValues={{ runId: run.runId }} onSubmit={(input) => addPose(input).then(onSaved)}>
      {(Field) => fields(Field)}
    </FormDialog>
  );
}
