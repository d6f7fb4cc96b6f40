import { z } from 'zod';

/** Ids of administration objects: positive integers. */
export const IdSchema = z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' });
