import { EmailSchema, type Language, LANGUAGES, LIMITS, subscriptionContract as c, toolPagesContract as tp } from '@boreline/contracts';
import { Alert, Checkbox, Form, type FormRule, Input, Radio, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { zodFormRule } from '../../../core/forms.js';
import { LANGUAGE_NAMES, useT } from '../../../core/i18n.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { WallTimeInput } from '../../../ui/form/zonedInputs.js';
import { saveSubscription, type Subscription, type SubscriptionInput } from '../api.js';
import { FORMAT_LABELS, SCHEDULE_KIND_LABELS, SIZE_LABELS, TOOL_LABELS } from '../labels.js';

type Options = { render: boolean; email: boolean; webhookPrivate: boolean };

/** The language choice that means "the run's own" (the contract's null). */
const RUN_LANGUAGE = 'run';
const DEFAULT_TIME = '07:00';

/** The form's values: the contract's input, nested as it is, with the run's language as a choice of its own. */
interface FormValues {
  name?: string;
  tool?: tp.ToolPage;
  schedule?: { kind?: c.ScheduleKind; time?: string | null };
  format?: tp.RenderFormat;
  size?: tp.ToolSize;
  lang?: Language | typeof RUN_LANGUAGE;
  channels?: { message?: boolean; emails?: string[]; webhookUrl?: string | null };
  enabled?: boolean;
  rotateSecret?: boolean;
}

/** The contract's input from the form: a time only for daily and weekly, an empty webhook address is none. */
export function toInput(raw: Record<string, unknown>): Record<string, unknown> {
  const values = raw as FormValues;
  const kind = values.schedule?.kind;
  const time = values.schedule?.time ?? undefined;
  const webhook = values.channels?.webhookUrl?.trim() ?? '';
  return {
    ...values,
    schedule: kind === 'shift' ? { kind } : { kind, time },
    lang: values.lang === RUN_LANGUAGE || values.lang === undefined ? null : values.lang,
    channels: { message: values.channels?.message === true, emails: values.channels?.emails ?? [], webhookUrl: webhook === '' ? null : webhook },
    enabled: values.enabled !== false,
    rotateSecret: values.rotateSecret === true,
  };
}

function initialOf(editing: Subscription | null): FormValues {
  if (!editing) {
    return {
      tool: 'shiftDailyTool',
      schedule: { kind: 'daily', time: DEFAULT_TIME },
      format: 'png',
      size: 'phone',
      lang: RUN_LANGUAGE,
      channels: { message: true, emails: [], webhookUrl: '' },
      enabled: true,
      rotateSecret: false,
    };
  }
  return {
    name: editing.name,
    tool: editing.tool,
    schedule: editing.schedule.kind === 'shift' ? { kind: 'shift', time: DEFAULT_TIME } : editing.schedule,
    format: editing.format,
    size: editing.size,
    lang: editing.lang ?? RUN_LANGUAGE,
    channels: { message: editing.channels.message, emails: editing.channels.emails, webhookUrl: editing.channels.webhookUrl ?? '' },
    enabled: editing.enabled,
    rotateSecret: false,
  };
}

/**
 * An e-mail address's problem is reported at the list's own position (`channels.emails.2`): the
 * list is one field, so the problem goes onto it.
 */
function foldListProblems(error: unknown): unknown {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null || !('fields' in error.data) || !Array.isArray(error.data.fields)) return error;
  const fields = (error.data.fields as unknown[]).map((f) =>
    typeof f === 'object' && f !== null && 'field' in f && typeof f.field === 'string' ? { ...f, field: f.field.replace(/^(channels\.emails)\.\d+$/, '$1') } : f,
  );
  return new ApiError(error.code, error.message, { ...error.data, fields });
}

/** A field of the nested input (`['channels', 'webhookUrl']`), checked with the contract as the server checks it. */
function NestedField(props: {
  name: [string, string];
  hidden: Record<string, unknown>;
  label: ReactNode;
  valuePropName?: string;
  extra?: ReactNode;
  required?: boolean;
  rules?: FormRule[];
  children: ReactNode;
}) {
  const t = useT();
  const form = Form.useFormInstance();
  const rule = zodFormRule(c.SubscriptionSaveSchema, () => ({ ...props.hidden, ...toInput(form.getFieldsValue(true) as Record<string, unknown>) }), props.name.join('.'), t);
  return (
    <Form.Item name={props.name} label={props.label} valuePropName={props.valuePropName} extra={props.extra} required={props.required} rules={[rule, ...(props.rules ?? [])]}>
      {props.children}
    </Form.Item>
  );
}

/** Each address of the list, checked as the server checks one. */
const emailsRule = (t: ReturnType<typeof useT>): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const bad = (Array.isArray(value) ? (value as string[]) : []).filter((email) => !EmailSchema.safeParse(email).success);
    if (bad.length > 0) throw new Error(`${bad.join(', ')}: ${t('validation.email')}`);
  },
});

export interface SubscriptionDialogProps {
  open: boolean;
  runId: number;
  /** The subscription edited; null for a new one. */
  editing: Subscription | null;
  options: Options | undefined;
  onClose: () => void;
  /** The saved subscription as the server answered it (with the webhook's secret when a new one was made). */
  onSaved: (saved: Subscription) => void;
}

/** The form of a subscription: what is rendered, when, how, and where it goes. Enter saves. */
export function SubscriptionDialog({ open, runId, editing, options, onClose, onSaved }: SubscriptionDialogProps) {
  const t = useT();
  const hidden = editing ? { runId, id: editing.id } : { runId };
  const emailOff = options?.email === false;
  return (
    <FormDialog
      open={open}
      name="subscription"
      title={editing ? t('deliveryWeb.form.editTitle') : t('deliveryWeb.form.newTitle')}
      schema={c.SubscriptionSaveSchema}
      hiddenValues={hidden}
      // The form's own shape (the run's language as a choice of its own); toInput makes the contract's input of it.
      initialValues={initialOf(editing) as Partial<SubscriptionInput>}
      toInput={toInput}
      successText={editing ? t('common.outcome.editSuccess') : t('common.outcome.addSuccess')}
      onSubmit={async (input) => {
        try {
          onSaved(await saveSubscription(input));
        } catch (error) {
          throw foldListProblems(error);
        }
      }}
      onClose={onClose}
      width={640}
      data-testid="subscription-dialog"
    >
      {(Field) => (
        <>
          {options?.render === false ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('deliveryWeb.options.noBrowser')} data-testid="dialog-no-browser" /> : null}
          <Field name="name" label={t('deliveryWeb.field.name')}>
            <Input maxLength={LIMITS.subscriptionNameMaxLength} placeholder={t('deliveryWeb.form.namePlaceholder')} autoFocus data-testid="subscription-name" />
          </Field>
          <Field name="tool" label={t('deliveryWeb.field.tool')}>
            <Select aria-label={t('deliveryWeb.field.tool')} options={tp.TOOL_PAGES.map((tool) => ({ value: tool, label: t(TOOL_LABELS[tool]) }))} data-testid="subscription-tool" />
          </Field>
          <NestedField name={['schedule', 'kind']} hidden={hidden} label={t('deliveryWeb.field.schedule')} required>
            <Radio.Group
              optionType="button"
              options={c.SCHEDULE_KINDS.map((kind) => ({ value: kind, label: t(SCHEDULE_KIND_LABELS[kind]) }))}
              data-testid="subscription-schedule"
            />
          </NestedField>
          <Form.Item noStyle dependencies={[['schedule', 'kind']]}>
            {({ getFieldValue }) =>
              getFieldValue(['schedule', 'kind']) === 'shift' ? (
                <Typography.Paragraph type="secondary" data-testid="schedule-shift-hint">
                  {t('deliveryWeb.form.shiftHint')}
                </Typography.Paragraph>
              ) : (
                <NestedField name={['schedule', 'time']} hidden={hidden} label={t('deliveryWeb.field.time')} extra={t('deliveryWeb.form.timeHint')} required>
                  <WallTimeInput aria-label={t('deliveryWeb.field.time')} data-testid="subscription-time" />
                </NestedField>
              )
            }
          </Form.Item>
          <Field name="format" label={t('deliveryWeb.field.format')}>
            <Radio.Group optionType="button" options={tp.RENDER_FORMATS.map((f) => ({ value: f, label: t(FORMAT_LABELS[f]) }))} data-testid="subscription-format" />
          </Field>
          <Field name="size" label={t('deliveryWeb.field.size')}>
            <Radio.Group optionType="button" options={tp.TOOL_SIZE_NAMES.map((s) => ({ value: s, label: t(SIZE_LABELS[s]) }))} data-testid="subscription-size" />
          </Field>
          <Field name="lang" label={t('deliveryWeb.field.lang')}>
            <Select
              aria-label={t('deliveryWeb.field.lang')}
              options={[{ value: RUN_LANGUAGE, label: t('deliveryWeb.form.runLanguage') }, ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))]}
              data-testid="subscription-lang"
            />
          </Field>
          <Typography.Title level={5}>{t('deliveryWeb.form.channels')}</Typography.Title>
          <NestedField name={['channels', 'message']} hidden={hidden} label={null} valuePropName="checked">
            <Checkbox data-testid="subscription-message">{t('deliveryWeb.form.messageChannel')}</Checkbox>
          </NestedField>
          <NestedField
            name={['channels', 'emails']}
            hidden={hidden}
            label={t('deliveryWeb.field.emails')}
            extra={emailOff ? t('deliveryWeb.options.noEmail') : t('deliveryWeb.form.emailsHint', { max: LIMITS.deliveryEmailsMax })}
            rules={[emailsRule(t)]}
          >
            <Select
              mode="tags"
              open={false}
              disabled={emailOff}
              maxCount={LIMITS.deliveryEmailsMax}
              tokenSeparators={[',', ';', ' ']}
              suffixIcon={null}
              aria-label={t('deliveryWeb.field.emails')}
              placeholder={t('deliveryWeb.form.emailsPlaceholder')}
              data-testid="subscription-emails"
            />
          </NestedField>
          <NestedField
            name={['channels', 'webhookUrl']}
            hidden={hidden}
            label={t('deliveryWeb.field.webhookUrl')}
            extra={options?.webhookPrivate === false ? t('deliveryWeb.options.webhookPublicOnly') : t('deliveryWeb.form.webhookHint')}
          >
            <Input type="url" maxLength={LIMITS.webhookUrlMaxLength} placeholder="https://chat.example.com/hooks/…" data-testid="subscription-webhook" />
          </NestedField>
          {editing?.hasWebhookSecret ? (
            <Field name="rotateSecret" label={null} valuePropName="checked" extra={t('deliveryWeb.form.rotateHint')}>
              <Checkbox data-testid="subscription-rotate">{t('deliveryWeb.form.rotate')}</Checkbox>
            </Field>
          ) : null}
          <Field name="enabled" label={t('deliveryWeb.field.enabled')} valuePropName="checked">
            <Switch data-testid="subscription-enabled" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
