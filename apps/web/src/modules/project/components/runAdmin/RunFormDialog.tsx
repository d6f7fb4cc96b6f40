import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatChainage, parseChainage, runAdminContract as c } from '@boreline/contracts';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, TimePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { call } from '../../../../core/api/client.js';
import { useFormat } from '../../../../core/format.js';
import { useT } from '../../../../core/i18n.js';
import { FormDialog, type TypedField } from '../../../../ui/FormDialog.js';
import { MACHINE_TYPE_KEYS } from '../machineType.js';
import { DATE_INPUT_FORMAT, fromPickerDate, fromPickerTime, TIME_INPUT_FORMAT, toPickerDate } from '../basicInfo/formValues.js';
import { PERFORMANCE_FIELDS } from '../basicInfo/performanceFields.js';
import { CountrySelect, TimeZoneSelect } from '../basicInfo/PlaceSelects.js';

type AddInput = z.input<typeof c.RunAddSchema>;
type Fields = Omit<AddInput, 'shifts'>;

const DATE_FIELDS = ['plannedStart', 'plannedCompletion', 'purchaseDate', 'deliveryDate'] as const;
type RunSource = c.RunSource;
const SOURCES = c.RUN_SOURCES;
const SOURCE_KEYS = { simulator: 'runAdmin.source.simulator', http: 'runAdmin.source.http', mqtt: 'runAdmin.source.mqtt' } as const satisfies Record<RunSource, string>;
const SOURCE_HINT_KEYS = { simulator: 'runAdmin.sourceHint.simulator', http: 'runAdmin.sourceHint.http', mqtt: 'runAdmin.sourceHint.mqtt' } as const satisfies Record<RunSource, string>;

/** The fields' values as the contract takes them: dates `YYYY-MM-DD`, wall times `HH:mm`, a cleared number left out. */
function toInput(values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) input[key] = value === null ? undefined : value;
  for (const key of DATE_FIELDS) input[key] = fromPickerDate(values[key] as Dayjs | null | undefined);
  if (Array.isArray(values.shifts)) {
    input.shifts = (values.shifts as Record<string, unknown>[]).map((shift) => ({
      ...shift,
      start: fromPickerTime(shift.start as Dayjs | null | undefined),
      end: fromPickerTime(shift.end as Dayjs | null | undefined),
      handoverTime: fromPickerTime(shift.handoverTime as Dayjs | null | undefined),
    }));
  }
  return input;
}

/** What the edit form shows of a saved run. */
function toForm(run: c.RunAdminDetail): Record<string, unknown> {
  const { runId: _runId, orgName: _orgName, direction: _direction, finishedAt: _finishedAt, hasData: _hasData, createdAt: _createdAt, ...fields } = run;
  return {
    ...fields,
    startChainage: formatChainage(run.startChainage),
    endChainage: formatChainage(run.endChainage),
    ...Object.fromEntries(DATE_FIELDS.map((key) => [key, toPickerDate(run[key])])),
  };
}

/** The drive's direction, as it follows from the chainage typed so far. */
function DirectionHint() {
  const t = useT();
  const form = Form.useFormInstance();
  const start = Form.useWatch<string | undefined>('startChainage', form);
  const end = Form.useWatch<string | undefined>('endChainage', form);
  const [from, to] = [start ? parseChainage(start) : null, end ? parseChainage(end) : null];
  const text = from === null || to === null || from === to ? t('runAdmin.direction.unknown') : to > from ? t('runAdmin.direction.up') : t('runAdmin.direction.down');
  return (
    <Form.Item label={t('runAdmin.field.direction')}>
      <Typography.Text type="secondary" data-testid="run-direction">
        {text}
      </Typography.Text>
    </Form.Item>
  );
}

/** What the chosen data source asks of the administrator next. */
function SourceHint() {
  const t = useT();
  const source = Form.useWatch<RunSource | undefined>('source', Form.useFormInstance());
  return source ? <Alert type="info" showIcon message={t(SOURCE_HINT_KEYS[source])} data-testid="source-hint" /> : null;
}

/** The shift rows of a new run: name, start, end and handover (the shift rules of the shift screen). */
function ShiftRows() {
  const t = useT();
  const time = { format: TIME_INPUT_FORMAT, minuteStep: 5 as const, needConfirm: false, style: { width: '100%' } };
  return (
    <Form.List name="shifts">
      {(rows, { add, remove }) => (
        <>
          {rows.map((row, index) => (
            <Row key={row.key} gutter={8} align="top" data-testid="shift-row">
              <Col span={7}>
                <Form.Item name={[row.name, 'name']} label={index === 0 ? t('field.name') : undefined}>
                  <Input aria-label={`${t('field.name')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name={[row.name, 'start']} label={index === 0 ? t('field.start') : undefined}>
                  <TimePicker {...time} aria-label={`${t('field.start')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name={[row.name, 'end']} label={index === 0 ? t('field.end') : undefined}>
                  <TimePicker {...time} aria-label={`${t('field.end')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name={[row.name, 'handoverTime']} label={index === 0 ? t('field.handoverTime') : undefined}>
                  <TimePicker {...time} aria-label={`${t('field.handoverTime')} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Form.Item label={index === 0 ? ' ' : undefined}>
                  <Button icon={<DeleteOutlined />} aria-label={t('runAdmin.shifts.remove')} onClick={() => remove(row.name)} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Space direction="vertical" style={{ width: '100%' }}>
            {rows.length === 0 ? <Typography.Text type="secondary">{t('runAdmin.shifts.defaults')}</Typography.Text> : null}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '' })} disabled={rows.length >= 6} data-testid="add-shift">
              {t('runAdmin.shifts.add')}
            </Button>
          </Space>
        </>
      )}
    </Form.List>
  );
}

interface RunFieldsProps {
  Field: TypedField<Fields>;
  orgs: { orgId: number; name: string }[];
  /** The machine type cannot change once the run holds data. */
  machineTypeLocked: boolean;
  shifts: boolean;
}

/** The run form in its four sections: project, machine, drive and shifts, data source. */
function RunFields({ Field, orgs, machineTypeLocked, shifts }: RunFieldsProps) {
  const t = useT();
  const f = useFormat();
  const wide = { style: { width: '100%' } };
  const date = { format: DATE_INPUT_FORMAT, style: { width: '100%' } };
  return (
    <>
      <Divider titlePlacement="start" plain>
        <strong>{t('runAdmin.section.project')}</strong>
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Field name="orgId" label={t('runAdmin.field.organization')}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={orgs.map((o) => ({ value: o.orgId, label: o.name }))} data-testid="org-select" />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field name="projectName" label={t('field.projectName')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="projectCode" label={t('field.projectCode')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="lineName" label={t('field.lineName')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="segmentSpec" label={t('field.segmentSpec')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="plannedStart" label={t('field.plannedStart')}>
            <DatePicker {...date} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="plannedCompletion" label={t('field.plannedCompletion')}>
            <DatePicker {...date} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="tunnelLength" label={`${t('field.tunnelLength')} (m)`}>
            <InputNumber {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="plannedRingsPerDay" label={t('field.plannedRingsPerDay')}>
            <InputNumber {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="plannedLengthPerDay" label={`${t('field.plannedLengthPerDay')} (m)`}>
            <InputNumber {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="totalRings" label={t('field.totalRings')}>
            <InputNumber precision={0} {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="projectManager" label={t('field.projectManager')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="siteManager" label={t('field.siteManager')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="contacts" label={t('field.contacts')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field name="country" label={t('field.country')}>
            <CountrySelect namer={f.country} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field name="timeZone" label={t('field.timeZone')}>
            <TimeZoneSelect />
          </Field>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        <strong>{t('runAdmin.section.machine')}</strong>
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Field name="tbmCode" label={t('field.tbmCode')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="machineType" label={t('runAdmin.field.machineType')} extra={machineTypeLocked ? t('runAdmin.error.machineTypeLocked') : undefined}>
            <Radio.Group disabled={machineTypeLocked} options={(['epb', 'slurry'] as const).map((type) => ({ value: type, label: t(MACHINE_TYPE_KEYS[type]) }))} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="tbmName" label={t('field.tbmName')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="manufacturer" label={t('field.manufacturer')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="serialNumber" label={t('field.serialNumber')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="cutterheadDiameter" label={`${t('field.cutterheadDiameter')} (m)`}>
            <InputNumber {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="purchaseDate" label={t('field.purchaseDate')}>
            <DatePicker {...date} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="deliveryDate" label={t('field.deliveryDate')}>
            <DatePicker {...date} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="owner" label={t('field.owner')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="contractor" label={t('field.contractor')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="responsiblePerson" label={t('field.responsiblePerson')}>
            <Input />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="contactPhone" label={t('field.contactPhone')}>
            <Input />
          </Field>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('runAdmin.field.performance')}</Typography.Text>
      <Row gutter={16}>
        {PERFORMANCE_FIELDS.map((field) => (
          <Col xs={12} md={6} key={field.name}>
            <Field name={field.name} label={`${t(field.label)} (${field.unit})`}>
              <InputNumber {...wide} />
            </Field>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start" plain>
        <strong>{t('runAdmin.section.drive')}</strong>
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Field name="startChainage" label={t('field.startChainage')}>
            <Input placeholder="12+345.678" />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="endChainage" label={t('field.endChainage')}>
            <Input placeholder="14+045.678" />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <DirectionHint />
        </Col>
        <Col xs={24} md={8}>
          <Field name="ringWidthMm" label={`${t('field.ringWidthMm')} (mm)`}>
            <InputNumber precision={0} {...wide} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field name="startRing" label={t('runAdmin.field.startRing')}>
            <InputNumber precision={0} {...wide} />
          </Field>
        </Col>
      </Row>
      {shifts ? <ShiftRows /> : <Typography.Text type="secondary">{t('runAdmin.shifts.editLater')}</Typography.Text>}

      <Divider titlePlacement="start" plain>
        <strong>{t('runAdmin.section.source')}</strong>
      </Divider>
      <Field name="source" label={t('runAdmin.field.source')}>
        <Radio.Group options={SOURCES.map((source) => ({ value: source, label: t(SOURCE_KEYS[source]) }))} />
      </Field>
      <SourceHint />
    </>
  );
}

export type RunDialog = { kind: 'add' } | { kind: 'edit'; run: c.RunAdminDetail } | null;

export interface RunFormDialogProps {
  dialog: RunDialog;
  orgs: { orgId: number; name: string }[];
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

/** The "new project" and "edit project" dialogs, checked with the contracts the server checks with. */
export function RunFormDialog({ dialog, orgs, onSaved, onClose }: RunFormDialogProps) {
  const t = useT();
  const editing = dialog?.kind === 'edit' ? dialog.run : null;
  const firstOrg = orgs.length === 1 ? orgs[0]?.orgId : undefined;
  return (
    <>
      <FormDialog
        open={dialog?.kind === 'add'}
        name="run-add"
        title={t('runAdmin.dialog.addTitle')}
        okText={t('runAdmin.dialog.create')}
        width={960}
        schema={c.RunAddSchema}
        initialValues={{ orgId: firstOrg, machineType: 'epb', source: 'simulator', startRing: 1, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }}
        toInput={toInput}
        onSubmit={async (input) => {
          await call(c.runAdd, input);
          await onSaved();
        }}
        successText={t('common.outcome.addSuccess')}
        onClose={onClose}
        data-testid="run-add-form"
      >
        {(Field) => <RunFields Field={Field} orgs={orgs} machineTypeLocked={false} shifts />}
      </FormDialog>
      <FormDialog
        open={editing !== null}
        name="run-edit"
        title={t('runAdmin.dialog.editTitle', { name: editing?.projectName ?? '' })}
        width={960}
        schema={c.RunEditSchema}
        hiddenValues={{ runId: editing?.runId }}
        initialValues={editing ? toForm(editing) : undefined}
        toInput={toInput}
        onSubmit={async (input) => {
          await call(c.runEdit, input);
          await onSaved();
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={onClose}
        data-testid="run-edit-form"
      >
        {(Field) => (
          <RunFields
            Field={Field}
            // A run stays in its organization when the editor may not create in it.
            orgs={editing && !orgs.some((o) => o.orgId === editing.orgId) ? [{ orgId: editing.orgId, name: editing.orgName }, ...orgs] : orgs}
            machineTypeLocked={editing?.hasData ?? false}
            shifts={false}
          />
        )}
      </FormDialog>
    </>
  );
}
