import { z } from 'zod';

/** Ids of administration objects: positive integers. */
export const IdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });
