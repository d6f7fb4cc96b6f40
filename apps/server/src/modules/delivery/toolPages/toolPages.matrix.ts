import type { MatrixSamples } from '../../../../test/matrix.js';

/**
 * The tool pages' calls for the authorization matrix, aimed at A's first run. The exchange is
 * public (the matrix runs the routes behind a session); its refusals are in toolPages.test.ts.
 *
 * A ticket is asked with a session alone (`authenticated`: the code it needs depends on the tool)
 * and then needs the tool's read code at the run, which the caller without resources holds
 * nowhere: no request of his can be allowed, so he sends none of these (an empty form, code 3);
 * his refusal (code 2) for a valid request is asserted in toolPages.test.ts.
 */
export const matrixSamples: MatrixSamples = (c) => ({
  ...(c.actor === 'noResource' ? {} : { 'delivery.toolTicket': { runId: c.a.run, tool: 'shiftDailyTool', size: 'phone' } }),
  'delivery.toolRender': { runId: c.a.run, tool: 'shiftDailyTool', format: 'png', size: 'phone' },
  'delivery.toolGuide': { runId: c.a.run },
});
