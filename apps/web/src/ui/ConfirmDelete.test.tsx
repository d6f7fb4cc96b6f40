import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../core/i18n.js';
import { DeleteButton } from './ConfirmDelete.js';

const SETTLE = { timeout: 5_000 };

describe('ConfirmDelete', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('deletes only after the permanent-delete confirmation, spinning meanwhile', async () => {
    let finish: () => void = () => undefined;
    const remove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DeleteButton title="Delete the user Ana permanently?" onConfirm={remove} />);
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete the user Ana permanently?', {}, SETTLE)).toBeTruthy();
    expect(screen.getByText('The data will be deleted permanently, continue?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    const buttons = screen.getAllByRole('button', { name: /Delete/ });
    const confirm = buttons[buttons.length - 1];
    if (!confirm) throw new Error('no confirm button');
    expect(confirm.className).toContain('ant-btn-dangerous');
    await userEvent.click(confirm);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(confirm.className).toContain('ant-btn-loading');
    finish();
  });

  it('deletes nothing when cancelled, and says more where the entity needs it', async () => {
    const remove = vi.fn(async () => undefined);
    render(<DeleteButton title="Delete Milano site office?" description="All its sub-organizations go too." onConfirm={remove} />);
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('All its sub-organizations go too.', {}, SETTLE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
  });
});
