import { type EndpointArgs, type Language, ownTagsContract, tagCatalogue, type TagDef } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { type OwnTagRecord, ownTagDef, ownTagName, type RunTagsRepo } from '../../telemetry/index.js';
import type { RunScope } from '../project/index.js';
import { telemetryOf } from './telemetry.service.js';

type Input<E> = EndpointArgs<E>;
type TagInput = Input<typeof ownTagsContract.ownTagAdd>;

/**
 * A run's own tags: quantities its machine measures that the catalogue lacks. Every change is
 * followed at once (`changed`): the run's layout gets a new version for new frames and its decoder
 * takes the codes, here and on the other instances.
 */
export class OwnTagService {
  constructor(
    private readonly repo: RunTagsRepo,
    private readonly scope: RunScope,
    private readonly changed: (runId: number) => Promise<void>,
  ) {}

  private present(tag: OwnTagRecord, language: Language) {
    const names = Object.fromEntries(Object.entries(tag.names).filter(([, v]) => v !== undefined)) as Record<string, string>;
    return { ...tag, names, name: ownTagName(tag.names, language) };
  }

  private fields(input: TagInput) {
    return { code: input.code, names: ownTagsContract.ownTagNamesOf(input), unit: input.unit, subsystem: input.subsystem, rangeMin: input.rangeMin, rangeMax: input.rangeMax, precision: input.precision };
  }

  private async found(runId: number, code: string, language: Language) {
    const tag = (await this.repo.list(runId)).find((x) => x.code === code);
    if (!tag) throw errors.business('ownTags.error.notFound');
    return this.present(tag, language);
  }

  async query(session: AuthSession, runId: number, language: Language) {
    const run = await this.scope.require(session, runId, 'telemetry.tagMapping.read');
    return (await this.repo.list(run.id)).map((tag) => this.present(tag, language));
  }

  /** The subsystem must be one of the machine's catalogue (so a page of the machine shows the tag). */
  private checkSubsystem(catalogue: readonly TagDef[], subsystem: string, language: Language): void {
    if (!catalogue.some((tag) => tag.subsystem === subsystem)) throw new ValidationFailed([{ field: 'subsystem', message: t(language, 'ownTags.error.subsystem') }]);
  }

  /** The run's own tags as tag definitions, named in the reader's language (real-time pages). */
  async defs(session: AuthSession, runId: number, language: Language) {
    const run = await this.scope.require(session, runId, 'monitor.realData.read');
    return (await this.repo.list(run.id)).map((tag) => {
      const def = ownTagDef(tag, language);
      return { ...def, kind: 'analog' as const, label: def.label ?? tag.code, name: { subject: def.name.subject, quantity: def.name.quantity } };
    });
  }

  async add(session: AuthSession, input: TagInput, language: Language) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.write');
    const own = await this.repo.list(run.id);
    const catalogue = tagCatalogue(telemetryOf(run).machineType);
    this.checkSubsystem(catalogue, input.subsystem, language);
    if (own.some((x) => x.code === input.code) || catalogue.some((x) => x.code === input.code || x.plcVar === input.code)) {
      throw new ValidationFailed([{ field: 'code', message: t(language, 'ownTags.error.codeTaken', { code: input.code }) }]);
    }
    if (own.length >= ownTagsContract.OWN_TAGS_MAX) throw errors.business('ownTags.error.tooMany', { max: ownTagsContract.OWN_TAGS_MAX });
    await this.repo.insert(run.id, this.fields(input), Date.now());
    await this.changed(run.id);
    return this.found(run.id, input.code, language);
  }

  async edit(session: AuthSession, input: Input<typeof ownTagsContract.ownTagEdit>, language: Language) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.write');
    this.checkSubsystem(tagCatalogue(telemetryOf(run).machineType), input.subsystem, language);
    if (!(await this.repo.update(run.id, this.fields(input), Date.now()))) throw errors.business('ownTags.error.notFound');
    await this.changed(run.id);
    return this.found(run.id, input.code, language);
  }

  async remove(session: AuthSession, input: Input<typeof ownTagsContract.ownTagDelete>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.write');
    if (!(await this.repo.delete(run.id, input.code))) throw errors.business('ownTags.error.notFound');
    await this.changed(run.id);
    return { code: input.code };
  }
}
