import { stockContract as s } from '@boreline/contracts';
import { InputNumber, Typography } from 'antd';
import type { z } from 'zod';
import { useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import type { CurrentRow } from '../api.js';
import { QuantityInput } from './inputs.js';

export interface FloorDialogProps {
  runId: number;
  /** The part whose warning line is set; closed without one. */
  part: CurrentRow | null;
  onSave: (input: z.output<typeof s.setFloor.input>) => Promise<unknown>;
  onClose: () => void;
}

/** "Remind" of spec §2: a part's warning number (0: none) and the days an order takes, with the suggested line beside them. */
export function FloorDialog({ runId, part, onSave, onClose }: FloorDialogProps) {
  const t = useT();
  const format = useFormat();
  return (
    <FormDialog
      open={part !== null}
      name="floor"
      title={t('stockWeb.floor.title', { name: part?.name ?? '' })}
      schema={s.setFloor.input}
      initialValues={part ? { warningLine: part.warningLine, leadTimeDays: part.leadTimeDays } : {}}
      hiddenValues={{ runId, partId: part?.id ?? 0 }}
      successText={t('stockWeb.floor.saved')}
      onSubmit={onSave}
      onClose={onClose}
      width={480}
      data-testid="floor-dialog"
    >
      {(Field) => (
        <>
          {part ? (
            <Typography.Paragraph type="secondary" data-testid="floor-suggested">
              {part.suggestedLine === null
                ? t('stockWeb.floor.noSuggestion')
                : t('stockWeb.floor.suggested', { line: format.number(part.suggestedLine, 1), unit: part.unit ?? '' })}
            </Typography.Paragraph>
          ) : null}
          <Field name="warningLine" label={t('stockWeb.field.warningLine')} extra={t('stockWeb.floor.zeroHint')}>
            <QuantityInput width={180} data-testid="floor-warning-line" />
          </Field>
          <Field name="leadTimeDays" label={t('stockWeb.field.leadTimeDays')} extra={t('stockWeb.floor.leadTimeHint')}>
            <InputNumber style={{ width: 180 }} min={0} precision={0} data-testid="floor-lead-time" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
