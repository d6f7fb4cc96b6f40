import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { stockContract as s } from '@boreline/contracts';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import type { z } from 'zod';
import { localToday } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { type Part, type Sheet, useParts, usePeople } from '../api.js';
import { IN_TYPE_LABELS } from '../labels.js';
import { LocalDateInput, QuantityInput, SuggestInput } from './inputs.js';
import { useLineRule } from './lineRules.js';

type InValues = z.input<typeof s.StockInCorrectionSchema>;
type LineValues = NonNullable<InValues['details']>[number];
export type StockInSave = z.output<typeof s.StockInInputSchema> | z.output<typeof s.StockInCorrectionSchema>;
/** A new sheet's schema or a correction's (which adds the id replaced and the reason). */
type InSchema = z.ZodType<StockInSave, FormValues>;
/** What the form holds: any field may still be empty, a line too. */
type FormValues = Partial<Omit<InValues, 'details'>> & { details?: Partial<LineValues>[] };

/** A sheet's lines as the form edits them (a correction starts from the sheet it replaces). */
const linesOf = (sheet: Sheet): LineValues[] => sheet.lines.map((l) => ({ partId: l.partId, code: l.code, name: l.name, unit: l.unit, quantity: l.quantity }));

export interface StockInDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The sheet corrected: the form starts from it and asks for a reason. A new sheet otherwise. */
  correcting: Sheet | null;
  onSave: (input: StockInSave) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A stock-in sheet (spec §3, §5): first delivery or restock, delivery and reorder dates, the
 * handler and the lines — a part of the catalogue, or for a first delivery a new part by name,
 * number and unit — each with its quantity. The contract's rules are checked as the server checks
 * them; a refusal leaves everything typed in place.
 */
export function StockInDialog({ run, open, correcting, onSave, onClose }: StockInDialogProps) {
  const t = useT();
  const people = usePeople(run.runId, 'in');
  const schema: InSchema = correcting ? s.StockInCorrectionSchema : s.StockInInputSchema;
  const hidden = correcting ? { runId: run.runId, id: correcting.id } : { runId: run.runId };
  const today = localToday(run.timeZone);
  const initial: FormValues = correcting
    ? {
        type: correcting.type ?? 'restock',
        date: correcting.date,
        reorderDate: correcting.reorderDate ?? correcting.date,
        handler: correcting.handler,
        remark: correcting.remark,
        details: linesOf(correcting),
      }
    : { type: 'restock', date: today, reorderDate: today, details: [{ partId: null, code: '', name: '', unit: null }] };
  return (
    <FormDialog
      open={open}
      name="stockIn"
      title={correcting ? t('stockWeb.in.correctTitle', { number: correcting.number }) : t('stockWeb.in.add')}
      schema={schema}
      initialValues={initial}
      hiddenValues={hidden}
      successText={t(correcting ? 'stockWeb.sheet.corrected' : 'stockWeb.in.saved')}
      onSubmit={onSave}
      onClose={onClose}
      width={960}
      data-testid="stock-in-dialog"
    >
      {(Field) => (
        <>
          <Space size={12} wrap align="start">
            <Field name="type" label={t('stockWeb.field.type')}>
              <Radio.Group optionType="button" options={s.STOCK_IN_TYPES.map((type) => ({ value: type, label: t(IN_TYPE_LABELS[type]) }))} data-testid="in-type" />
            </Field>
            <Field name="number" label={t('stockWeb.field.number')} extra={t('stockWeb.sheet.numberHint')}>
              <Input style={{ width: 200 }} autoComplete="off" data-testid="in-number" />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="date" label={t('stockWeb.field.inDate')} dependencies={['reorderDate']}>
              <LocalDateInput data-testid="in-date" />
            </Field>
            <Field name="reorderDate" label={t('stockWeb.field.reorderDate')} dependencies={['date']}>
              <LocalDateInput data-testid="in-reorder-date" />
            </Field>
            <Field name="handler" label={t('stockWeb.field.handler')}>
              <SuggestInput options={(people.data ?? []).map((p) => p.name)} data-testid="in-handler" />
            </Field>
          </Space>
          <InLines runId={run.runId} schema={schema} hidden={hidden} />
          <Field name="remark" label={t('stockWeb.field.remark')}>
            <Input autoComplete="off" />
          </Field>
          {correcting ? (
            <Field name="reason" label={t('stockWeb.field.reason')}>
              <Input.TextArea rows={2} data-testid="correct-reason" />
            </Field>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

/** The lines of a stock-in: a catalogue part fills number, name and unit; a first delivery may type a new part instead. */
function InLines({ runId, schema, hidden }: { runId: number; schema: z.ZodType; hidden: Record<string, unknown> }) {
  const t = useT();
  const form = Form.useFormInstance();
  const parts = useParts(runId);
  const rule = useLineRule(schema, hidden);
  const type = Form.useWatch<string | undefined>('type', form);
  const lines = Form.useWatch<LineValues[] | undefined>('details', form) ?? [];
  const byId = new Map((parts.data ?? []).map((p) => [p.id, p]));
  const pick = (index: number, part: Part | undefined) =>
    form.setFieldValue(['details', index], { ...lines[index], partId: part?.id ?? null, code: part?.code ?? '', name: part?.name ?? '', unit: part?.unit ?? null });
  return (
    <Form.List name="details" rules={[rule('details')]}>
      {(rows, { add, remove }, { errors }) => (
        <div data-testid="in-lines" style={{ marginBottom: 16 }}>
          <div className="stock-line-row stock-line-head" aria-hidden>
            <span>{t('stockWeb.field.part')}</span>
            <span>{t('stockWeb.field.code')}</span>
            <span>{t('stockWeb.field.name')}</span>
            <span>{t('stockWeb.field.unit')}</span>
            <span>{t('stockWeb.field.quantity')}</span>
            <span />
          </div>
          {rows.map((row, index) => {
            const chosen = lines[index]?.partId ?? null;
            const n = index + 1;
            return (
              <div key={row.key} className="stock-line-row" data-testid="in-line">
                <Form.Item name={[row.name, 'partId']} style={{ marginBottom: 8 }}>
                  <Select<number>
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    loading={parts.isPending}
                    aria-label={t('stockWeb.line.part', { n })}
                    placeholder={type === 'first' ? t('stockWeb.line.newPart') : t('stockWeb.line.choosePart')}
                    options={(parts.data ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))}
                    onChange={(id) => pick(index, id === undefined ? undefined : byId.get(id))}
                    data-testid="in-line-part"
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'code']} rules={[rule(`details.${index}.code`)]} style={{ marginBottom: 8 }}>
                  <Input aria-label={t('stockWeb.line.code', { n })} disabled={chosen !== null} autoComplete="off" />
                </Form.Item>
                <Form.Item name={[row.name, 'name']} rules={[rule(`details.${index}.name`)]} style={{ marginBottom: 8 }}>
                  <Input aria-label={t('stockWeb.line.name', { n })} disabled={chosen !== null} autoComplete="off" />
                </Form.Item>
                <Form.Item name={[row.name, 'unit']} style={{ marginBottom: 8 }}>
                  <Input aria-label={t('stockWeb.line.unit', { n })} disabled={chosen !== null} autoComplete="off" />
                </Form.Item>
                <Form.Item name={[row.name, 'quantity']} rules={[rule(`details.${index}.quantity`)]} style={{ marginBottom: 8 }}>
                  <QuantityInput aria-label={t('stockWeb.line.quantity', { n })} data-testid="in-line-quantity" />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('stockWeb.line.remove', { n })} onClick={() => remove(row.name)} data-testid="in-line-remove" />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          {type === 'restock' && lines.some((l) => !l.partId && (l.code || l.name)) ? (
            <Typography.Text type="warning" data-testid="in-restock-new">
              {t('stockWeb.line.restockNeedsPart')}
            </Typography.Text>
          ) : null}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({ partId: null, code: '', name: '', unit: null })} data-testid="in-line-add">
              {t('stockWeb.line.add')}
            </Button>
          </div>
        </div>
      )}
    </Form.List>
  );
}
