import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, stockContract as s } from '@boreline/contracts';
import { Button, Form, Input, Select, Space } from 'antd';
import type { z } from 'zod';
import { formatInstant, localToday, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { type Sheet, useMaintenanceRecords, usePeople, useStockItems } from '../api.js';
import { quantityText } from '../labels.js';
import { LocalDateInput, QuantityInput, SuggestInput } from './inputs.js';
import { useLineRule } from './lineRules.js';

type OutValues = z.input<typeof s.StockOutCorrectionSchema>;
type LineValues = NonNullable<OutValues['details']>[number];
export type StockOutSave = z.output<typeof s.StockOutInputSchema> | z.output<typeof s.StockOutCorrectionSchema>;
/** A new sheet's schema or a correction's (which adds the id replaced and the reason). */
type OutSchema = z.ZodType<StockOutSave, FormValues>;
/** What the form holds: any field may still be empty, a line too. */
type FormValues = Partial<Omit<OutValues, 'details'>> & { details?: Partial<LineValues>[] };

/** A part to issue: what it is and how much can go (a correction may take back what the sheet it replaces took). */
interface Issuable {
  id: number;
  label: string;
  available: number;
  unit: string | null;
}

export interface StockOutDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The sheet corrected: the form starts from it and asks for a reason. A new sheet otherwise. */
  correcting: Sheet | null;
  onSave: (input: StockOutSave) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A stock-out sheet (spec §3, §5): date, who takes the parts and who issues them, optionally the
 * maintenance record they went to, and the lines — parts in stock, each with its quantity. A
 * quantity above the part's stock is flagged before anything is sent; the server refuses it anyway.
 */
export function StockOutDialog({ run, open, correcting, onSave, onClose }: StockOutDialogProps) {
  const t = useT();
  const format = useFormat();
  const recipients = usePeople(run.runId, 'out');
  const issuers = usePeople(run.runId, 'in');
  const canReadRecords = useFramework((st) => canUse(st, 'maintenance.record.read'));
  const records = useMaintenanceRecords(run.runId, open && canReadRecords);
  const items = useStockItems(run.runId, open);
  const schema: OutSchema = correcting ? s.StockOutCorrectionSchema : s.StockOutInputSchema;
  const hidden = correcting ? { runId: run.runId, id: correcting.id } : { runId: run.runId };
  const issuable = new Map<number, Issuable>();
  for (const part of items.data ?? []) issuable.set(part.id, { id: part.id, label: `${part.code} · ${part.name}`, available: part.stock, unit: part.unit });
  for (const line of correcting?.lines ?? []) {
    const known = issuable.get(line.partId);
    issuable.set(line.partId, { id: line.partId, label: `${line.code} · ${line.name}`, available: (known?.available ?? 0) + line.quantity, unit: line.unit });
  }
  const initial: FormValues = correcting
    ? {
        date: correcting.date,
        recipient: correcting.recipient ?? '',
        issuer: correcting.handler,
        remark: correcting.remark,
        maintenanceRecordId: correcting.maintenanceRecord?.id ?? null,
        details: correcting.lines.map((l) => ({ partId: l.partId, quantity: l.quantity })),
      }
    : { date: localToday(run.timeZone), details: [{}] };
  return (
    <FormDialog
      open={open}
      name="stockOut"
      title={correcting ? t('stockWeb.out.correctTitle', { number: correcting.number }) : t('stockWeb.out.add')}
      schema={schema}
      initialValues={initial}
      hiddenValues={hidden}
      toInput={(values) => ({ ...values, maintenanceRecordId: values.maintenanceRecordId ?? null })}
      successText={t(correcting ? 'stockWeb.sheet.corrected' : 'stockWeb.out.saved')}
      onSubmit={onSave}
      onClose={onClose}
      width={820}
      data-testid="stock-out-dialog"
    >
      {(Field) => (
        <>
          <Space size={12} wrap align="start">
            <Field name="number" label={t('stockWeb.field.number')} extra={t('stockWeb.sheet.numberHint')}>
              <Input style={{ width: 200 }} autoComplete="off" data-testid="out-number" />
            </Field>
            <Field name="date" label={t('stockWeb.field.outDate')}>
              <LocalDateInput data-testid="out-date" />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="recipient" label={t('stockWeb.field.recipient')}>
              <SuggestInput options={(recipients.data ?? []).map((p) => p.name)} data-testid="out-recipient" />
            </Field>
            <Field name="issuer" label={t('stockWeb.field.issuer')}>
              <SuggestInput options={(issuers.data ?? []).map((p) => p.name)} data-testid="out-issuer" />
            </Field>
          </Space>
          {canReadRecords ? (
            <Field name="maintenanceRecordId" label={t('stockWeb.field.maintenanceRecord')}>
              <Select<number>
                allowClear
                showSearch
                optionFilterProp="label"
                loading={records.isPending}
                placeholder={t('stockWeb.out.recordPlaceholder')}
                options={(records.data?.records ?? []).map((rec) => ({ value: rec.id, label: `${formatInstant(rec.time, run.timeZone, DATE_FORMATS.dateTime)} · ${rec.system} · ${rec.content}` }))}
                data-testid="out-record"
              />
            </Field>
          ) : null}
          <OutLines schema={schema} hidden={hidden} issuable={issuable} loading={items.isPending} stockText={(p) => t('stockWeb.out.inStock', { stock: quantityText(p.available, format.locale), unit: p.unit ?? '' })} />
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

interface OutLinesProps {
  schema: z.ZodType;
  hidden: Record<string, unknown>;
  issuable: Map<number, Issuable>;
  loading: boolean;
  stockText: (part: Issuable) => string;
}

/** The lines of a stock-out: a part in stock (its stock shown) and a quantity not above it. */
function OutLines({ schema, hidden, issuable, loading, stockText }: OutLinesProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const rule = useLineRule(schema, hidden);
  const lines = Form.useWatch<Partial<LineValues>[] | undefined>('details', form) ?? [];
  const aboveStock = (index: number) => ({
    validator: async () => {
      const line = form.getFieldValue(['details', index]) as Partial<LineValues> | undefined;
      const part = line?.partId ? issuable.get(line.partId) : undefined;
      if (part && typeof line?.quantity === 'number' && line.quantity > part.available) throw new Error(t('stockWeb.out.aboveStock', { stock: stockText(part) }));
    },
  });
  return (
    <Form.List name="details" rules={[rule('details')]}>
      {(rows, { add, remove }, { errors }) => (
        <div data-testid="out-lines" style={{ marginBottom: 16 }}>
          <div className="stock-out-line-row stock-line-head" aria-hidden>
            <span>{t('stockWeb.field.part')}</span>
            <span>{t('stockWeb.field.quantity')}</span>
            <span />
          </div>
          {rows.map((row, index) => {
            const n = index + 1;
            const chosen = lines[index]?.partId;
            const part = chosen ? issuable.get(chosen) : undefined;
            return (
              <div key={row.key} className="stock-out-line-row" data-testid="out-line">
                <Form.Item name={[row.name, 'partId']} rules={[rule(`details.${index}.partId`)]} extra={part ? stockText(part) : undefined} style={{ marginBottom: 8 }}>
                  <Select<number>
                    showSearch
                    optionFilterProp="label"
                    loading={loading}
                    aria-label={t('stockWeb.line.part', { n })}
                    placeholder={t('stockWeb.line.choosePart')}
                    options={[...issuable.values()].map((p) => ({ value: p.id, label: p.label }))}
                    data-testid="out-line-part"
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'quantity']} rules={[rule(`details.${index}.quantity`), aboveStock(index)]} dependencies={[['details', row.name, 'partId']]} style={{ marginBottom: 8 }}>
                  <QuantityInput width={140} aria-label={t('stockWeb.line.quantity', { n })} data-testid="out-line-quantity" />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('stockWeb.line.remove', { n })} onClick={() => remove(row.name)} data-testid="out-line-remove" />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="out-line-add">
            {t('stockWeb.line.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
