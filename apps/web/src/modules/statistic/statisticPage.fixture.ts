import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../../core/i18n.js';
import { useFramework } from '../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../test/apiStub.fixture.js';

/**
 * The life of a statistics page test, registered in its `describe`: English texts, Milan as the
 * current run with the given answers of the stubbed API, and a clean slate after each test.
 */
export function statisticPageTests(api: ApiStub, answers: () => Record<string, unknown>, charts?: Map<string, unknown>): void {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: MILAN_RUN, token: 'tok-1' });
    for (const [id, answer] of Object.entries(answers())) api.responses.set(id, answer);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    charts?.clear();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, token: null });
  });
}
