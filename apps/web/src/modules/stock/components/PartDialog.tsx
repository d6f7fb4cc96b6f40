import { stockContract as s } from '@boreline/contracts';
import { Input, InputNumber, Space } from 'antd';
import type { z } from 'zod';
import { useT } from '../../../core/i18n.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { type Part, usePartUnits } from '../api.js';
import { QuantityInput, SuggestInput } from './inputs.js';

type AddValues = z.input<typeof s.partAdd.input>;
export type PartSave = z.output<typeof s.partAdd.input> & { id?: number };
/** A new part's schema or an edited part's (which adds its id). */
type PartSchema = z.ZodType<PartSave, AddValues & { id?: number }>;

export interface PartDialogProps {
  runId: number;
  open: boolean;
  /** The part edited; a new part otherwise. */
  part: Part | null;
  onSave: (input: PartSave) => Promise<unknown>;
  onClose: () => void;
}

/** The catalogue fields of a part (spec §5: name and part number required, the warning number numeric); its stock only moves through sheets. */
export function PartDialog({ runId, open, part, onSave, onClose }: PartDialogProps) {
  const t = useT();
  const units = usePartUnits(runId, open);
  const initial: Partial<AddValues> = part
    ? {
        name: part.name,
        code: part.code,
        unit: part.unit,
        system: part.system,
        component: part.component,
        spec: part.spec,
        location: part.location,
        warningLine: part.warningLine,
        leadTimeDays: part.leadTimeDays,
        remark: part.remark,
      }
    : { warningLine: 0 };
  const schema: PartSchema = part ? s.partEdit.input : s.partAdd.input;
  return (
    <FormDialog
      open={open}
      name="part"
      title={t(part ? 'stockWeb.part.edit' : 'stockWeb.part.add')}
      schema={schema}
      initialValues={initial}
      hiddenValues={part ? { runId, id: part.id } : { runId }}
      successText={t(part ? 'stockWeb.part.saved' : 'stockWeb.part.added')}
      onSubmit={onSave}
      onClose={onClose}
      width={680}
      data-testid="part-dialog"
    >
      {(Field) => (
        <>
          <Space size={12} wrap align="start">
            <Field name="code" label={t('stockWeb.field.code')}>
              <Input style={{ width: 200 }} autoComplete="off" data-testid="part-code" />
            </Field>
            <Field name="name" label={t('stockWeb.field.name')}>
              <Input style={{ width: 380 }} autoComplete="off" data-testid="part-name" />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="unit" label={t('stockWeb.field.unit')}>
              <SuggestInput width={140} options={(units.data ?? []).map((u) => u.name)} data-testid="part-unit" />
            </Field>
            <Field name="spec" label={t('stockWeb.field.spec')}>
              <Input style={{ width: 200 }} autoComplete="off" />
            </Field>
            <Field name="location" label={t('stockWeb.field.location')}>
              <Input style={{ width: 210 }} autoComplete="off" />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="system" label={t('stockWeb.field.system')}>
              <Input style={{ width: 200 }} autoComplete="off" />
            </Field>
            <Field name="component" label={t('stockWeb.field.component')}>
              <Input style={{ width: 200 }} autoComplete="off" />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="warningLine" label={t('stockWeb.field.warningLine')} extra={t('stockWeb.floor.zeroHint')}>
              <QuantityInput width={160} data-testid="part-warning-line" />
            </Field>
            <Field name="leadTimeDays" label={t('stockWeb.field.leadTimeDays')} extra={t('stockWeb.floor.leadTimeHint')}>
              <InputNumber style={{ width: 160 }} min={0} precision={0} />
            </Field>
          </Space>
          <Field name="remark" label={t('stockWeb.field.remark')}>
            <Input autoComplete="off" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
