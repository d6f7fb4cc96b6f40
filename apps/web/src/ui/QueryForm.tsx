import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useT } from '../core/i18n.js';

/** The filters a form shows and where a search sends them: `useQueryParams(schema)` fits as it is. */
export interface QueryFormParams {
  values: object;
  apply: (filters: Record<string, unknown>) => void;
}

export interface QueryFormProps {
  params: QueryFormParams;
  /** Fields whose change searches at once (a choice of project), the others wait for Search or Enter. */
  searchOnChange?: readonly string[];
  /** The filter fields (antd `Form.Item`s named like the parameters). */
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * The filter bar of a list: Search (or Enter in a field) applies the filters, Reset empties them.
 * The filters live in the address (see `useQueryParams`), so the form shows them again after a
 * reload, the back button or a shared link.
 */
export function QueryForm({ params, searchOnChange = [], children, 'data-testid': testId }: QueryFormProps) {
  const t = useT();
  const [form] = Form.useForm();
  const shown = JSON.stringify(params.values);

  // The address changed (a search, the back button): the fields show what the list is filtered by.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(params.values);
  }, [form, shown]);

  const handleReset = () => {
    const names = Object.keys(form.getFieldsValue());
    form.resetFields();
    params.apply(Object.fromEntries(names.map((name) => [name, undefined])));
  };

  const handleValuesChange = (changed: Record<string, unknown>) => {
    if (Object.keys(changed).some((name) => searchOnChange.includes(name))) params.apply(form.getFieldsValue());
  };

  return (
    <Form
      form={form}
      layout="inline"
      role="search"
      data-testid={testId}
      onFinish={(values: Record<string, unknown>) => params.apply(values)}
      onValuesChange={handleValuesChange}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('ui.query.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button icon={<UndoOutlined />} onClick={handleReset}>
          {t('ui.query.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
