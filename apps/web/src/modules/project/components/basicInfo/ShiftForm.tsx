import { DeleteOutlined, MoonOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, RESULT_CODE, shiftContract as s } from '@boreline/contracts';
import { Alert, Button, Form, Input, Popconfirm, Space, Tag, TimePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type CSSProperties, useState } from 'react';
import type { z } from 'zod';
import { ApiError, call } from '../../../../core/api/client.js';
import { fieldProblems, parseForm, showApiError, zodFormRule } from '../../../../core/forms.js';
import { useFormat } from '../../../../core/format.js';
import { shiftsKey, useBasicInfoSave } from '../../basicInfoApi.js';
import { EditModal } from './EditModal.js';
import { fromPickerTime, fromText, TIME_INPUT_FORMAT, toPickerTime } from './formValues.js';
import { ZoneHint } from './ZoneHint.js';
import { useT } from '../../../../core/i18n.js';

interface ShiftRow {
  /** The saved shift this row edits; null for a new row (and for the unsaved defaults). */
  shiftId: number | null;
  name: string;
  start: Dayjs | null;
  end: Dayjs | null;
  handoverTime: Dayjs | null;
  responsiblePerson: string | null;
  contact: string | null;
}
interface ShiftFormValues {
  shifts: ShiftRow[];
}

const toRow = (shift: s.Shift): ShiftRow => ({
  ...shift,
  start: toPickerTime(shift.start),
  end: toPickerTime(shift.end),
  handoverTime: toPickerTime(shift.handoverTime),
});

const toInput = (runId: number, v: ShiftFormValues) => ({
  runId,
  shifts: (v.shifts ?? []).map((row) => ({
    shiftId: row.shiftId,
    name: fromText(row.name),
    start: fromPickerTime(row.start),
    end: fromPickerTime(row.end),
    handoverTime: fromPickerTime(row.handoverTime),
    responsiblePerson: fromText(row.responsiblePerson),
    contact: fromText(row.contact),
  })),
});

// Name, start, end, handover, duration, responsible person, contact, remove.
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(150px, 1.3fr) 104px 104px 104px 150px minmax(120px, 1fr) minmax(120px, 1fr) 32px',
  columnGap: 8,
  alignItems: 'start',
};
const CELL: CSSProperties = { marginBottom: 12 };

export interface ShiftFormProps {
  shiftSet: s.ShiftSet;
  onClose(): void;
}

/**
 * The shift list, edited and saved as a whole: rows are added and removed freely, a shift may end
 * after midnight, and shifts must not overlap (checked here with the server's rule and message).
 */
export function ShiftForm({ shiftSet, onClose }: ShiftFormProps) {
  const t = useT();
  const [form] = Form.useForm<ShiftFormValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const runId = shiftSet.runId;
  const save = useBasicInfoSave({
    save: (input: z.input<typeof s.ShiftSaveSchema>) => call(s.shiftSave, input),
    key: shiftsKey(runId),
    // The rows carry no index in the server's field problems: the whole answer is shown on the form.
    onFailure: (error) => {
      if (!(error instanceof ApiError) || error.code === RESULT_CODE.unauthenticated || error.code === RESULT_CODE.forbidden) return showApiError(error);
      const fields = fieldProblems(error).map((p) => p.message);
      setProblems(fields.length > 0 ? fields : [error.message]);
    },
    onDone: onClose,
  });
  const input = () => toInput(runId, form.getFieldsValue(true));
  const rule = (path: string) => zodFormRule(s.ShiftSaveSchema, input, path, t);

  // The finished values hold only fields with a control; the rows' shiftId has none.
  const submit = () => {
    setProblems([]);
    const parsed = parseForm(s.ShiftSaveSchema, input(), form, t);
    if (!parsed) return;
    const overlap = s.findShiftOverlap(parsed.shifts);
    if (overlap) {
      const [first, second] = overlap;
      setProblems([
        t('project.shift.overlap', { first: first.name, firstTime: `${first.start}–${first.end}`, second: second.name, secondTime: `${second.start}–${second.end}` }),
      ]);
      return;
    }
    save.mutate(parsed);
  };

  // A new shift starts by default where the last one ends, and is handed over at its start.
  const startOfNew = (rows: ShiftRow[]) => rows[rows.length - 1]?.end ?? null;
  const handleValuesChange = (changed: Partial<ShiftFormValues>, all: ShiftFormValues) =>
    changed.shifts?.forEach((row, index) => {
      if (row?.start && !all.shifts[index]?.handoverTime) form.setFieldValue(['shifts', index, 'handoverTime'], row.start);
    });

  return (
    <EditModal title={t('project.basicInfo.shift.edit')} width={1160} saving={save.isPending} onSave={() => form.submit()} onClose={onClose}>
      <Form
        form={form}
        initialValues={{ shifts: shiftSet.shifts.map(toRow) }}
        onFinish={submit}
        onValuesChange={handleValuesChange}
        data-testid="shift-form"
      >
        <Space orientation="vertical" size="small" style={{ width: '100%', marginBottom: 12 }}>
          <ZoneHint timeZone={shiftSet.timeZone} />
          <Typography.Text type="secondary">{t('project.basicInfo.shift.midnightHint')}</Typography.Text>
        </Space>
        <div style={{ ...GRID, fontWeight: 600, marginBottom: 6 }} aria-hidden>
          <span>{t('field.name')}</span>
          <span>{t('field.start')}</span>
          <span>{t('field.end')}</span>
          <span>{t('field.handoverTime')}</span>
          <span>{t('project.basicInfo.shift.duration')}</span>
          <span>{t('field.responsiblePerson')}</span>
          <span>{t('field.contact')}</span>
          <span />
        </div>
        <Form.List name="shifts" rules={[rule('shifts')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map(({ key, name }) => (
                <div key={key} style={GRID} data-testid="shift-row">
                  <Form.Item name={[name, 'name']} rules={[rule(`shifts.${name}.name`)]} style={CELL}>
                    <Input aria-label={t('field.name')} />
                  </Form.Item>
                  <Form.Item name={[name, 'start']} rules={[rule(`shifts.${name}.start`)]} style={CELL}>
                    <TimePicker format={TIME_INPUT_FORMAT} needConfirm={false} aria-label={t('field.start')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[name, 'end']} dependencies={[['shifts', name, 'start']]} rules={[rule(`shifts.${name}.end`)]} style={CELL}>
                    <TimePicker format={TIME_INPUT_FORMAT} needConfirm={false} aria-label={t('field.end')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[name, 'handoverTime']} rules={[rule(`shifts.${name}.handoverTime`)]} style={CELL}>
                    <TimePicker format={TIME_INPUT_FORMAT} needConfirm={false} aria-label={t('field.handoverTime')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => <RowSpan start={form.getFieldValue(['shifts', name, 'start'])} end={form.getFieldValue(['shifts', name, 'end'])} />}
                  </Form.Item>
                  <Form.Item name={[name, 'responsiblePerson']} rules={[rule(`shifts.${name}.responsiblePerson`)]} style={CELL}>
                    <Input aria-label={t('field.responsiblePerson')} />
                  </Form.Item>
                  <Form.Item name={[name, 'contact']} rules={[rule(`shifts.${name}.contact`)]} style={CELL}>
                    <Input aria-label={t('field.contact')} inputMode="numeric" />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <RemoveButton
                        saved={typeof form.getFieldValue(['shifts', name, 'shiftId']) === 'number'}
                        name={String(form.getFieldValue(['shifts', name, 'name']) ?? '')}
                        onRemove={() => remove(name)}
                      />
                    )}
                  </Form.Item>
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= LIMITS.shiftsMax}
                onClick={() => {
                  const from = startOfNew(form.getFieldValue('shifts') ?? []);
                  add({ shiftId: null, name: '', start: from, end: null, handoverTime: from, responsiblePerson: null, contact: null } satisfies ShiftRow);
                }}
              >
                {t('project.basicInfo.shift.add')}
              </Button>
            </>
          )}
        </Form.List>
        {problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="shift-problems"
            title={problems.length === 1 ? problems[0] : <ul style={{ margin: 0, paddingInlineStart: 16 }}>{problems.map((p) => <li key={p}>{p}</li>)}</ul>}
          />
        ) : null}
      </Form>
    </EditModal>
  );
}

/** How long a row's shift lasts by the clock, and whether it ends the next day. */
function RowSpan({ start, end }: { start: Dayjs | null | undefined; end: Dayjs | null | undefined }) {
  const t = useT();
  const f = useFormat();
  const from = fromPickerTime(start);
  const to = fromPickerTime(end);
  if (!from || !to || from === to) return <span style={{ ...CELL, lineHeight: '32px' }}>—</span>;
  const minutes = s.shiftMinutes(from, to);
  return (
    <Space size={4} style={{ ...CELL, minHeight: 32 }} data-testid="row-duration">
      <span>{f.duration(minutes * 60_000)}</span>
      {to < from ? <Tag icon={<MoonOutlined />} color="geekblue" title={t('project.basicInfo.shift.crossesMidnight')} aria-label={t('project.basicInfo.shift.crossesMidnight')} /> : null}
    </Space>
  );
}

/** Removing a saved shift deletes it when the list is saved: that is asked first; a new row just goes. */
function RemoveButton({ saved, name, onRemove }: { saved: boolean; name: string; onRemove(): void }) {
  const t = useT();
  const button = <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('project.basicInfo.shift.remove')} {...(saved ? {} : { onClick: onRemove })} />;
  return saved ? (
    <Popconfirm title={t('project.basicInfo.shift.removeConfirm', { name })} okText={t('project.basicInfo.shift.remove')} okButtonProps={{ danger: true }} onConfirm={onRemove}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
}
