import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { FeedbackDialog } from './FeedbackDialog.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('the open feedback dialog of the sign-in page', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
  });
  afterEach(() => {
    cleanup();
    api.responses.clear();
  });

  it('asks name, contact, content and the captcha before sending, then sends them with the captcha state', async () => {
    api.responses.set('feedback.addV1', { id: 5, submittedAt: 1 });
    const onClose = vi.fn();
    render(<FeedbackDialog onClose={onClose} />);
    const dialog = screen.getByTestId('feedback-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback', hidden: true }));
    for (const id of ['feedback-name', 'feedback-contact', 'feedback-content', 'feedback-captcha']) expect(dialog.querySelector(`#${id}-error`)?.textContent).toBe('This field is required');
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Giulia');
    await user.type(within(dialog).getByLabelText('Contact'), 'giulia@example.it');
    await user.type(within(dialog).getByLabelText('Content'), 'The map is blank');
    await user.type(within(dialog).getByTestId('feedback-captcha-input'), 'ABCD');
    const image = within(dialog).getByTestId('feedback-captcha-image').getAttribute('src') ?? '';
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback', hidden: true }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const sent = api.calls[0]?.input as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Giulia', contact: 'giulia@example.it', content: 'The map is blank', captcha: 'ABCD' });
    // The captcha image shown was drawn for the state sent.
    expect(image).toContain(`state=${String(sent.state)}`);
    expect((await within(dialog).findByTestId('feedback-sent')).textContent).toBe('Thank you: your feedback has been sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).toHaveBeenCalled();
  });
});
