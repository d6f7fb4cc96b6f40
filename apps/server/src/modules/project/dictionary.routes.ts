import { dictionaryContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../core/http.js';
import type { DictionaryService } from './dictionary.service.js';

export function registerDictionaryRoutes(app: FastifyInstance, dictionary: DictionaryService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.dicQueryList, async ({ input, language }) => dictionary.list(input.types, language), options);
}
