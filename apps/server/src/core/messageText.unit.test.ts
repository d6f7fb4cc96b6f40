import { describe, expect, it } from 'vitest';
import { presentMessage, type StoredMessage } from './messageText.js';

const stored = (over: Partial<StoredMessage>): StoredMessage => ({
  id: 1,
  type: 'report',
  runId: 3,
  projectName: 'Metro M4',
  tbmCode: 'S-1125',
  content: { key: 'messages.system.welcome', params: { fileId: 'AbCdEfGhIjKlMnOpQrStUv', fileName: 'M4-shift-daily-2026-11-25.png' }, text: null },
  object: { kind: 'reportDelivery', id: 9 },
  at: 1_795_000_000_000,
  createdAt: 1_795_000_000_000,
  readAt: null,
  ...over,
});

describe('a message as its reader sees it', () => {
  it('carries the file of a delivered report, named by its parameters', () => {
    expect(presentMessage('en_US', stored({})).file).toEqual({ id: 'AbCdEfGhIjKlMnOpQrStUv', name: 'M4-shift-daily-2026-11-25.png' });
  });

  it('carries no file for other objects, or when the parameters name none', () => {
    expect(presentMessage('en_US', stored({ object: { kind: 'alarm', id: 9 } }))).not.toHaveProperty('file');
    expect(presentMessage('en_US', stored({ object: null }))).not.toHaveProperty('file');
    expect(presentMessage('en_US', stored({ content: { key: 'messages.system.welcome', params: { fileId: 7 }, text: null } }))).not.toHaveProperty('file');
  });
});
