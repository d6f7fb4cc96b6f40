import { describe, expect, it } from 'vitest';
import { extractText } from './extract.js';

describe('text extraction worker', () => {
  it('stops a reader that overruns its time and answers why', async () => {
    await expect(extractText({ kind: 'pdf', bytes: new Uint8Array(10) }, { timeoutMs: 1, maxHeapMb: 64 })).rejects.toThrow(/over 1 ms/);
  });

  it('answers the reader\'s refusal of bytes that are no document', async () => {
    await expect(extractText({ kind: 'docx', bytes: new TextEncoder().encode('not a zip') }, { timeoutMs: 30_000, maxHeapMb: 64 })).rejects.toThrow();
  });
});
