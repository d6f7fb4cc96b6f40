import { Form, type FormInstance, type FormProps, type FormRule, Modal } from 'antd';
import { createContext, type ReactElement, type ReactNode, type RefObject, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { antdFields, parseForm, showApiError, zodFormRule } from '../core/forms.js';
import { useT } from '../core/i18n.js';
import { notify } from '../core/notify.js';

/** What the fields of an open dialog check themselves with: the contract's schema over the whole input. */
interface DialogSchema {
  schema: z.ZodType;
  input: () => unknown;
}
const DialogSchemaContext = createContext<DialogSchema | null>(null);

type FieldName<V> = Extract<keyof V, string>;

interface FieldProps {
  name: string;
  label?: ReactNode;
  /** Checks beyond the contract's (an instant "passwords differ" while typing). */
  rules?: FormRule[];
  /** Fields whose change checks this one again. */
  dependencies?: string[];
  /** `checked` for switches and check boxes. */
  valuePropName?: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** A field's properties with the names of the dialog's input. */
export type FormDialogFieldProps<V> = Omit<FieldProps, 'name' | 'dependencies'> & { name: FieldName<V>; dependencies?: FieldName<V>[] };

/**
 * A field of a `FormDialog`, checked with the dialog's contract schema as the server checks it: the
 * issue at the field's path, with the server's message. Required fields are marked.
 */
export function FormDialogField({ name, label, rules = [], dependencies, valuePropName, extra, children }: FieldProps) {
  const t = useT();
  const dialog = useContext(DialogSchemaContext);
  const required = dialog ? isRequired(dialog.schema, name) : false;
  const checks = dialog ? [zodFormRule(dialog.schema, dialog.input, name, t), ...rules] : rules;
  return (
    <Form.Item name={name} label={label} rules={checks} dependencies={dependencies} valuePropName={valuePropName} extra={extra} required={required}>
      {children}
    </Form.Item>
  );
}

/** A field is required when its schema refuses nothing (object schemas only; others mark none). */
function isRequired(schema: z.ZodType, name: string): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  const field: unknown = schema.shape[name];
  return field instanceof z.ZodType && !field.safeParse(undefined).success;
}

/** The field component of a dialog, typed by the names of its schema's input. */
export type TypedField<V> = (props: FormDialogFieldProps<V>) => ReactElement;

export interface FormDialogProps<S extends z.ZodType> {
  open: boolean;
  title: ReactNode;
  /** The contract's input schema: the form is checked with the server's own rules and messages. */
  schema: S;
  /** What the fields show when the dialog opens. */
  initialValues?: Partial<z.input<S>>;
  /** Values the schema needs that no field shows (the id of the edited row). */
  hiddenValues?: Partial<z.input<S>>;
  /** The input from the fields' values where they differ (an emptied choice sent as null). */
  toInput?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Sends the checked input; a code-3 answer's field problems go onto their fields. */
  onSubmit: (input: z.output<S>) => Promise<unknown>;
  /** The one message shown when the server accepted (spec §8 outcomes). */
  successText: string;
  onClose: () => void;
  okText?: string;
  width?: number;
  /** Prefixes the fields' ids, so two forms of a page never share one. */
  name?: string;
  /** The fields; as a function they get a `Field` typed by the schema's input names. */
  children: ReactNode | ((Field: TypedField<z.input<S>>) => ReactNode);
  'data-testid'?: string;
}

/**
 * A dialog holding one form of a contract. Enter in a field submits; the save button spins while
 * the server answers; the server's field problems show at their fields; closing a form the user
 * changed asks first (spec §8: 'If the new content is not saved, decide whether to close it?').
 */
export function FormDialog<S extends z.ZodType>(props: FormDialogProps<S>) {
  const { open, schema, hiddenValues, toInput } = props;
  const t = useT();
  const [modal, confirmHolder] = Modal.useModal();
  const [pending, setPending] = useState(false);
  // A fresh form at every opening: the last one's values and touched fields are forgotten.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((n) => n + 1);
  }
  /** The form of the current opening (each opening has its own, see `OpeningForm`). */
  const current = useRef<FormInstance | null>(null);

  const inputOf = (values: Record<string, unknown>): unknown => ({ ...hiddenValues, ...(toInput ? toInput(values) : values) });
  const dialogSchema = useMemo<DialogSchema>(
    () => ({
      schema,
      input: () => {
        const values = (current.current?.getFieldsValue(true) ?? {}) as Record<string, unknown>;
        return { ...hiddenValues, ...(toInput ? toInput(values) : values) };
      },
    }),
    [schema, hiddenValues, toInput],
  );

  const handleFinish = async (values: Record<string, unknown>, form: FormInstance) => {
    const input = parseForm(schema, inputOf(values), form, t);
    if (input === null) return;
    setPending(true);
    try {
      await props.onSubmit(input);
      notify.show('success', props.successText);
      props.onClose();
    } catch (error) {
      showApiError(error, antdFields(form));
    } finally {
      setPending(false);
    }
  };

  const handleCancel = () => {
    if (pending) return;
    if (!current.current?.isFieldsTouched()) {
      props.onClose();
      return;
    }
    void modal.confirm({
      title: t('common.confirm.unsavedClose'),
      okText: t('ui.dialog.discard'),
      cancelText: t('ui.dialog.keepEditing'),
      okButtonProps: { danger: true },
      onOk: props.onClose,
    });
  };

  const fields = typeof props.children === 'function' ? props.children(FormDialogField) : props.children;

  return (
    <>
      <Modal
        open={open}
        title={props.title}
        width={props.width}
        onCancel={handleCancel}
        okText={props.okText ?? t('ui.dialog.save')}
        cancelText={t('ui.dialog.cancel')}
        // The save button submits the form, so Enter in a field saves too.
        okButtonProps={{ htmlType: 'submit', loading: pending }}
        destroyOnHidden
        modalRender={(node) => (
          <OpeningForm
            key={session}
            current={current}
            name={props.name}
            initialValues={props.initialValues}
            onFinish={(values, form) => void handleFinish(values, form)}
            data-testid={props['data-testid']}
          >
            {node}
          </OpeningForm>
        )}
      >
        <DialogSchemaContext.Provider value={dialogSchema}>{fields}</DialogSchemaContext.Provider>
      </Modal>
      {confirmHolder}
    </>
  );
}

interface OpeningFormProps {
  /** Where the dialog finds the form of the opening shown. */
  current: RefObject<FormInstance | null>;
  name: string | undefined;
  initialValues: FormProps['initialValues'];
  onFinish: (values: Record<string, unknown>, form: FormInstance) => void;
  'data-testid'?: string | undefined;
  children: ReactNode;
}

/**
 * The form of one opening of a dialog, with a store of its own. One store shared by the openings
 * broke a dialog reopened (for another row) while the last opening was still fading out: the new
 * form took the old values over its own, then the old form, cleared as it went, emptied them.
 */
function OpeningForm({ current, name, initialValues, onFinish, children, 'data-testid': testId }: OpeningFormProps) {
  const [form] = Form.useForm();
  useLayoutEffect(() => {
    current.current = form;
    return () => {
      if (current.current === form) current.current = null;
    };
  }, [current, form]);
  return (
    <Form form={form} name={name} layout="vertical" clearOnDestroy initialValues={initialValues} onFinish={(values: Record<string, unknown>) => onFinish(values, form)} data-testid={testId}>
      {children}
    </Form>
  );
}
