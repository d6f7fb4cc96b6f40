import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { MACHINE_TYPES } from '../../telemetry/tagTypes.js';

/** A run id from a body or a query string (`?runId=12`). */
export const RunIdSchema = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });

/** What a picker needs of a run: which project and machine, and where its clocks are. */
export const RunOptionSchema = z.object({
  runId: z.number().int(),
  projectName: z.string(),
  tbmCode: z.string(),
  machineType: z.enum(MACHINE_TYPES),
  timeZone: z.string(),
  orgId: z.number().int(),
});
export type RunOption = z.infer<typeof RunOptionSchema>;

export const runQueryProject = defineEndpoint({
  id: 'project.runQueryProject',
  base: 'project',
  method: 'GET',
  path: '/u/web/sts/run/queryProject/v1',
  permission: 'authenticated',
  summary:
    "The runs (projects) the caller may see: those of organizations where one of the caller's roles grants a resource (the second-level organization for `zb` users), narrowed to the caller's assigned runs when there are any",
  input: z.object({}),
  output: z.array(RunOptionSchema),
});

export const projectEndpoints = [runQueryProject] as const;
