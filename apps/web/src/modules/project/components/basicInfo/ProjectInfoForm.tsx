import { basicInfoContract as b, ChainageSchema } from '@boreline/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { call } from '../../../../core/api/client.js';
import { parseForm, zodFormRule, zodRule } from '../../../../core/forms.js';
import { useFormat } from '../../../../core/format.js';
import { projectInfoKey, useBasicInfoSave, useRefreshCurrentRun } from '../../basicInfoApi.js';
import { EditModal } from './EditModal.js';
import { DATE_INPUT_FORMAT, fromChainageText, fromNumber, fromPickerDate, fromText, toChainageText, toPickerDate } from './formValues.js';
import { CountrySelect, TimeZoneSelect } from './PlaceSelects.js';
import { useT } from '../../../../core/i18n.js';

interface ProjectFormValues {
  projectName: string;
  projectCode: string;
  lineName: string;
  plannedStart: Dayjs | null;
  plannedCompletion: Dayjs | null;
  totalRings: number | null;
  plannedRingsPerDay: number | null;
  plannedLengthPerDay: number | null;
  tunnelLength: number | null;
  startChainage: string;
  endChainage: string;
  ringWidthMm: number | null;
  segmentSpec: string | null;
  projectManager: string | null;
  siteManager: string | null;
  contacts: string | null;
  country: string;
  timeZone: string;
}

const toForm = (info: b.ProjectInfo): ProjectFormValues => ({
  ...info,
  plannedStart: toPickerDate(info.plannedStart),
  plannedCompletion: toPickerDate(info.plannedCompletion),
  startChainage: toChainageText(info.startChainage),
  endChainage: toChainageText(info.endChainage),
});

/** The form as the edit endpoint takes it (before its schema trims and converts). */
const toInput = (runId: number, v: ProjectFormValues) => ({
  runId,
  projectName: fromText(v.projectName),
  projectCode: fromText(v.projectCode),
  lineName: fromText(v.lineName),
  plannedStart: fromPickerDate(v.plannedStart),
  plannedCompletion: fromPickerDate(v.plannedCompletion),
  totalRings: fromNumber(v.totalRings),
  plannedRingsPerDay: fromNumber(v.plannedRingsPerDay),
  plannedLengthPerDay: fromNumber(v.plannedLengthPerDay),
  tunnelLength: fromNumber(v.tunnelLength),
  startChainage: fromChainageText(v.startChainage),
  endChainage: fromChainageText(v.endChainage),
  ringWidthMm: fromNumber(v.ringWidthMm),
  segmentSpec: fromText(v.segmentSpec),
  projectManager: fromText(v.projectManager),
  siteManager: fromText(v.siteManager),
  contacts: fromText(v.contacts),
  country: fromText(v.country),
  timeZone: fromText(v.timeZone),
});

export interface ProjectInfoFormProps {
  info: b.ProjectInfo;
  onClose(): void;
}

/** Edits the project information; every field is checked by the contract the server checks it with. */
export function ProjectInfoForm({ info, onClose }: ProjectInfoFormProps) {
  const t = useT();
  const f = useFormat();
  const [form] = Form.useForm<ProjectFormValues>();
  const refreshRun = useRefreshCurrentRun();
  const save = useBasicInfoSave({
    save: (input: z.input<typeof b.ProjectInfoEditSchema>) => call(b.basicInfoProjectEdit, input),
    key: projectInfoKey(info.runId),
    // The list, the board and the home show names, chainage and rings; shifts show the time zone.
    invalidate: ['runList', 'indexPage', 'shifts', 'run'],
    form,
    onDone: async () => {
      await refreshRun(info.runId);
      onClose();
    },
  });
  const rule = (path: keyof ProjectFormValues) => zodFormRule(b.ProjectInfoEditSchema, () => toInput(info.runId, form.getFieldsValue(true)), path, t);
  const submit = (values: ProjectFormValues) => {
    const input = parseForm(b.ProjectInfoEditSchema, toInput(info.runId, values), form, t);
    if (input) save.mutate(input);
  };
  const number = { style: { width: '100%' } };

  return (
    <EditModal title={t('project.basicInfo.editProject')} width={960} saving={save.isPending} onSave={() => form.submit()} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={toForm(info)} onFinish={submit} data-testid="project-info-form">
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="projectName" label={t('field.projectName')} rules={[rule('projectName')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="projectCode" label={t('field.projectCode')} rules={[rule('projectCode')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="lineName" label={t('field.lineName')} rules={[rule('lineName')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="country" label={t('field.country')} rules={[rule('country')]}>
              <CountrySelect namer={f.country} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="timeZone" label={t('field.timeZone')} rules={[rule('timeZone')]} tooltip={t('project.basicInfo.timeZoneHint')}>
              <TimeZoneSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plannedStart" label={t('field.plannedStart')} rules={[rule('plannedStart')]}>
              <DatePicker format={DATE_INPUT_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plannedCompletion" label={t('field.plannedCompletion')} dependencies={['plannedStart']} rules={[rule('plannedCompletion')]}>
              <DatePicker format={DATE_INPUT_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="totalRings" label={t('field.totalRings')} rules={[rule('totalRings')]}>
              <InputNumber {...number} precision={0} min={1} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plannedRingsPerDay" label={t('field.plannedRingsPerDay')} rules={[rule('plannedRingsPerDay')]}>
              <InputNumber {...number} min={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plannedLengthPerDay" label={t('field.plannedLengthPerDay')} rules={[rule('plannedLengthPerDay')]}>
              <InputNumber {...number} min={0} suffix="m" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tunnelLength" label={t('field.tunnelLength')} rules={[rule('tunnelLength')]}>
              <InputNumber {...number} min={0} suffix="m" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="startChainage" label={t('field.startChainage')} validateFirst rules={[zodRule(ChainageSchema, t), rule('startChainage')]}>
              <Input placeholder="0+000.000" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="endChainage"
              label={t('field.endChainage')}
              dependencies={['startChainage']}
              validateFirst
              rules={[zodRule(ChainageSchema, t), rule('endChainage')]}
            >
              <Input placeholder="0+000.000" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="ringWidthMm" label={t('field.ringWidthMm')} rules={[rule('ringWidthMm')]}>
              <InputNumber {...number} precision={0} min={1} suffix="mm" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="segmentSpec" label={t('field.segmentSpec')} rules={[rule('segmentSpec')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="projectManager" label={t('field.projectManager')} rules={[rule('projectManager')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="siteManager" label={t('field.siteManager')} rules={[rule('siteManager')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="contacts" label={t('field.contacts')} rules={[rule('contacts')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditModal>
  );
}
