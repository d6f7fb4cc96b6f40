import { adminContract } from '@boreline/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, InputNumber } from 'antd';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/api/client.js';
import { initI18n } from '../core/i18n.js';
import { useNotifications } from '../core/notify.js';
import { FormDialog } from './FormDialog.js';

const SETTLE = { timeout: 5_000 };
type RoleInput = (typeof adminContract.roleAdd.input)['_output'];

function RoleDialog({ onSubmit, onClose }: { onSubmit: (input: RoleInput) => Promise<unknown>; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog
      open={open}
      title="Add role"
      schema={adminContract.roleAdd.input}
      hiddenValues={{ orgId: 3, kind: 'custom' }}
      initialValues={{ sort: 1 }}
      onSubmit={onSubmit}
      successText="Added successfully"
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    >
      {(Field) => (
        <>
          <Field name="name" label="Name">
            <Input />
          </Field>
          <Field name="sort" label="Sort number">
            <InputNumber />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

const ROLES = [
  { id: 1, name: 'Ring builders', sort: 4 },
  { id: 2, name: 'Planners', sort: 7 },
];

/** One dialog instance for every row, as a list page holds it: edit opens it with the row's values. */
function RoleList() {
  const [editing, setEditing] = useState<(typeof ROLES)[number] | null>(null);
  return (
    <>
      {ROLES.map((role) => (
        <button key={role.id} type="button" onClick={() => setEditing(role)}>
          {`Edit ${role.name}`}
        </button>
      ))}
      <FormDialog
        open={editing !== null}
        title="Edit role"
        schema={adminContract.roleAdd.input}
        hiddenValues={{ orgId: 3, kind: 'custom' }}
        initialValues={editing ? { name: editing.name, sort: editing.sort } : {}}
        onSubmit={async () => null}
        successText="Saved successfully"
        onClose={() => setEditing(null)}
      >
        {(Field) => (
          <>
            <Field name="name" label="Name">
              <Input />
            </Field>
            <Field name="sort" label="Sort number">
              <InputNumber />
            </Field>
          </>
        )}
      </FormDialog>
    </>
  );
}

/** The form item (label, control, its messages) of a labelled field. */
const itemOf = (label: string): HTMLElement => {
  const item = screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error(`no form item for ${label}`);
  return item;
};

describe('FormDialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => useNotifications.setState({ message: null }));

  it('checks the fields with the contract’s rules and sends nothing while one fails', async () => {
    const submit = vi.fn(async () => null);
    render(<RoleDialog onSubmit={submit} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(itemOf('Name')).findByText('This field is required', {}, SETTLE);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('x'.repeat(51));
    await within(itemOf('Name')).findByText('At most 50 characters', {}, SETTLE);
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits on Enter with the hidden values, spins meanwhile, then says so and closes', async () => {
    let answer: (value: null) => void = () => undefined;
    const submit = vi.fn((input: RoleInput) => {
      void input;
      return new Promise<null>((resolve) => {
        answer = resolve;
      });
    });
    const closed = vi.fn();
    render(<RoleDialog onSubmit={submit} onClose={closed} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ring builders{Enter}');
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Ring builders', kind: 'custom', orgId: 3, sort: 1 }), SETTLE);
    const save = screen.getByRole('button', { name: /Save/ });
    expect(save.className).toContain('ant-btn-loading');
    answer(null);
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1), SETTLE);
    expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Added successfully' });
  });

  it('shows a field problem of the server at its field and stays open', async () => {
    const closed = vi.fn();
    const submit = vi.fn(async () => {
      throw new ApiError(3, 'The role could not be saved', { fields: [{ field: 'name', message: 'Another role already has this name' }] });
    });
    render(<RoleDialog onSubmit={submit} onClose={closed} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Planners');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(itemOf('Name')).findByText('Another role already has this name', {}, SETTLE);
    expect(useNotifications.getState().message).toMatchObject({ kind: 'error', text: 'The role could not be saved' });
    expect(closed).not.toHaveBeenCalled();
  });

  it('asks before closing a form the user changed, and closes an untouched one at once', async () => {
    const closed = vi.fn();
    const { unmount } = render(<RoleDialog onSubmit={async () => null} onClose={closed} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // The spec's text (antd names the confirmation with it too, hence all of them).
    expect(await screen.findAllByText('If the new content is not saved, decide whether to close it?', {}, SETTLE)).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(closed).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // The first confirmation may still be fading out (jsdom runs no animations): answer the newest.
    const discard = await screen.findAllByRole('button', { name: 'Close without saving' }, SETTLE);
    await userEvent.click(discard[discard.length - 1] ?? document.body);
    expect(closed).toHaveBeenCalledTimes(1);
    unmount();

    render(<RoleDialog onSubmit={async () => null} onClose={closed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed).toHaveBeenCalledTimes(2);
    expect(screen.queryAllByText('If the new content is not saved, decide whether to close it?')).toHaveLength(0);
  });

  it('shows the next row’s values when reopened for it before the closing dialog has faded out', async () => {
    render(<RoleList />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ring builders' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Name', {}, SETTLE)).value).toBe('Ring builders');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // At once, while the first opening is still closing.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Planners' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Planners'), SETTLE);
    expect(screen.getByLabelText<HTMLInputElement>('Sort number').value).toBe('7');
    // And again the first row, the other way round.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ring builders' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ring builders'), SETTLE);
    expect(screen.getByLabelText<HTMLInputElement>('Sort number').value).toBe('4');
  });
});
