import { shiftContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { ShiftService } from './shift.service.js';

export function registerShiftRoutes(app: FastifyInstance, shifts: ShiftService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.shiftQuery, async ({ input, request, language }) => shifts.query(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.shiftSave,
    async ({ input, request, language, setMessage }) => {
      const saved = await shifts.save(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
}
