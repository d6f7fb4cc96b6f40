import { adminContract as c, type ResourceNode } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Input, InputNumber, Row, Select, Space, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { useFoldedTree } from '../../../ui/useFoldedTree.js';
import { resourceDescription, resourceName } from '../resourceNames.js';

type Dialog = 'add' | 'edit' | 'move' | null;
type ResourceFieldValues = Omit<z.input<typeof c.resourceEdit.input>, 'id'>;

const flat = (nodes: ResourceNode[]): ResourceNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
/** The move form: 0 stands for the top of the tree (sent as no superior). */
const MoveSchema = c.resourceMove.input.extend({ parentId: z.number({ error: 'validation.required' }).int().min(0) });
const TOP = 0;

/** Resources: the tree of menus, pages, buttons and API codes; add, edit, move, delete. */
export function ResourcePage() {
  const t = useT();
  const client = useQueryClient();
  const { data: tree = [] } = useQuery({ queryKey: ['resources'], queryFn: () => call(c.resourceTree, {}) });
  const all = useMemo(() => flat(tree), [tree]);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const node = all.find((n) => n.id === selected);
  const fold = useFoldedTree(all.filter((n) => n.children.length > 0).map((n) => n.id));
  const treeData = useMemo(() => {
    const map = (nodes: ResourceNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span>
            {resourceName(t, n)} <Typography.Text type="secondary">{n.code}</Typography.Text>
          </span>
        ),
        children: map(n.children),
      }));
    return map(tree);
  }, [tree, t]);
  /** What the edit form sends: a built-in's own name and description stay the product's texts (the code) when left as shown. */
  const stored = (n: ResourceNode, input: { name: string; description: string }) => ({
    name: n.builtIn && n.name === n.code && input.name === resourceName(t, n) ? n.code : input.name,
    description: n.builtIn && n.description === n.code && input.description === resourceDescription(t, n) ? n.code : input.description,
  });
  const close = () => setDialog(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['resources'] });
  const remove = useMutationWithNotice({
    mutationFn: (id: number) => call(c.resourceDelete, { id }),
    success: t('common.outcome.deleteSuccess'),
    invalidate: [['resources']],
    onSuccess: () => setSelected(null),
  });

  const resourceFields = (Field: TypedField<ResourceFieldValues>, codeLocked: boolean) => (
    <>
      <Field name="group" label={t('admin.page.group')}>
        <Input />
      </Field>
      <Field name="name" label={t('admin.page.name')}>
        <Input />
      </Field>
      <Field name="description" label={t('admin.page.description')}>
        <Input />
      </Field>
      <Field name="encoding" label={t('admin.page.encoding')}>
        <Input disabled={codeLocked} />
      </Field>
      <Field name="path" label={t('admin.page.path')}>
        <Input disabled={codeLocked} placeholder="/fw1/…" />
      </Field>
      <Field name="level" label={t('admin.page.level')}>
        <InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="sort" label={t('admin.page.sort')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Field>
    </>
  );

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Card title={t('shell.menu.resource')} data-testid="resource-tree">
          {treeData.length > 0 ? (
            <Tree
              treeData={treeData}
              expandedKeys={fold.expandedKeys}
              onExpand={fold.onExpand}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(Number(keys[0] ?? 0) || null)}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
      <Col span={12}>
        <Card title={node ? resourceName(t, node) : t('admin.page.selectResource')}>
          {node ? (
            <>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'code', label: t('admin.page.encoding'), children: <code>{node.code}</code> },
                  { key: 'description', label: t('admin.page.description'), children: resourceDescription(t, node) },
                  { key: 'path', label: t('admin.page.path'), children: node.path ? <code>{node.path}</code> : '—' },
                  { key: 'group', label: t('admin.page.group'), children: node.group },
                  { key: 'level', label: t('admin.page.level'), children: node.level },
                  { key: 'builtIn', label: t('admin.page.builtIn'), children: node.builtIn ? <Tag color="blue">{t('admin.page.yes')}</Tag> : t('admin.page.no') },
                ]}
              />
              <Space wrap style={{ marginTop: 16 }}>
                <Button type="primary" onClick={() => setDialog('add')}>
                  {t('admin.page.addResource')}
                </Button>
                <Button onClick={() => setDialog('edit')}>{t('admin.page.edit')}</Button>
                <Button onClick={() => setDialog('move')}>{t('admin.page.move')}</Button>
                <DeleteButton title={t('admin.page.deleteResourceConfirm', { name: resourceName(t, node) })} disabled={node.builtIn} onConfirm={() => remove.mutateAsync(node.id)}>
                  {t('admin.page.delete')}
                </DeleteButton>
              </Space>
            </>
          ) : (
            <Empty description={t('admin.page.selectResource')} />
          )}
        </Card>
      </Col>
      <FormDialog
        open={dialog === 'add'}
        name="resource-add"
        title={t('admin.page.addResource')}
        schema={c.resourceAdd.input}
        hiddenValues={{ parentId: node?.id }}
        initialValues={node ? { group: node.group, level: node.level + 1, sort: node.children.length + 1 } : {}}
        onSubmit={async (input) => {
          await call(c.resourceAdd, input);
          await refresh();
        }}
        successText={t('common.outcome.addSuccess')}
        onClose={close}
      >
        {(Field) => resourceFields(Field, false)}
      </FormDialog>
      <FormDialog
        open={dialog === 'edit'}
        name="resource-edit"
        title={t('admin.page.edit')}
        schema={c.resourceEdit.input}
        hiddenValues={{ id: node?.id }}
        initialValues={
          node
            ? {
                group: node.group,
                name: resourceName(t, node),
                description: resourceDescription(t, node),
                encoding: node.code,
                path: node.path ?? '',
                level: node.level,
                sort: node.sort,
              }
            : {}
        }
        onSubmit={async (input) => {
          await call(c.resourceEdit, node ? { ...input, ...stored(node, input) } : input);
          await refresh();
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={close}
      >
        {(Field) => resourceFields(Field, node?.builtIn === true)}
      </FormDialog>
      <FormDialog
        open={dialog === 'move'}
        name="resource-move"
        title={t('admin.page.move')}
        schema={MoveSchema}
        hiddenValues={{ id: node?.id }}
        onSubmit={async (input) => {
          await call(c.resourceMove, { id: input.id, parentId: input.parentId === TOP ? null : input.parentId });
          await refresh();
        }}
        successText={t('common.outcome.moveSuccess')}
        onClose={close}
      >
        {(Field) => (
          <Field name="parentId" label={t('admin.page.superiorNode')}>
            <Select
              showSearch
              optionFilterProp="label"
              options={[
                { value: TOP, label: t('admin.page.topLevel') },
                ...all.filter((n) => n.id !== node?.id).map((n) => ({ value: n.id, label: `${resourceName(t, n)} · ${n.code}` })),
              ]}
            />
          </Field>
        )}
      </FormDialog>
    </Row>
  );
}
