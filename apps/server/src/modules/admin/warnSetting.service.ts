import { type adminContract, type Language, tagDisplayName, type TagDef, type WarnSetting, type EndpointArgs } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { localeOf } from '../../core/i18n.js';
import { machineTypeOf, type RunScope } from '../project/index.js';
import type { WarnSettingRepo, WarnSettingRow } from './warnSetting.repo.js';

type Input<E> = EndpointArgs<E>;


/**
 * Part alarm settings of a run: every monitored point of its machine's catalogue, with the saved
 * thresholds where someone set them and the catalogue's working range (switched off) elsewhere.
 */
export class WarnSettingService {
  constructor(
    private readonly repo: WarnSettingRepo,
    private readonly runs: Pick<RunScope, 'require'>,
    /** The run's tags: its catalogue and its own tags (named in the reader's language). */
    private readonly tagsOf: (runId: number, machineType: ReturnType<typeof machineTypeOf>, language: Language) => Promise<TagDef[]>,
    /** A run's settings were saved: the alarm engine judges the next frame with them (a point switched off ends its alarm). */
    private readonly changed: (runId: number) => Promise<void> = async () => undefined,
  ) {}

  private present(runId: number, tag: TagDef, row: WarnSettingRow | undefined, language: Language): WarnSetting {
    const locale = localeOf(language);
    const name = tagDisplayName(tag, (key, vars) => translate(locale, key, vars));
    const base = { runId, tagCode: tag.code, subsystem: tag.subsystem, name, unit: tag.unit, precision: tag.precision, rangeMin: tag.min, rangeMax: tag.max };
    if (!row) {
      return { ...base, enabled: false, notify: false, lowAlarm: null, lowWarn: tag.min, highWarn: tag.max, highAlarm: null, delaySeconds: 0, updatedAt: null, updatedBy: null };
    }
    return {
      ...base,
      enabled: row.enabled === 1,
      notify: row.notify === 1,
      lowAlarm: row.low_alarm,
      lowWarn: row.low_warn,
      highWarn: row.high_warn,
      highAlarm: row.high_alarm,
      delaySeconds: row.delay_s,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by_name,
    };
  }

  async page(session: AuthSession, input: Input<typeof adminContract.warnSettingPage>, language: Language) {
    const run = await this.runs.require(session, input.runId, 'admin.warnSetting.read');
    const saved = new Map((await this.repo.ofRun(run.id)).map((r) => [r.tag_code, r]));
    const keyword = input.keyword?.toLowerCase();
    const all = (await this.tagsOf(run.id, machineTypeOf(run), language))
      .filter((tag) => !input.subsystem || tag.subsystem === input.subsystem)
      .map((tag) => this.present(run.id, tag, saved.get(tag.code), language))
      .filter((s) => !keyword || s.tagCode.toLowerCase().includes(keyword) || s.name.toLowerCase().includes(keyword))
      .filter((s) => input.enabled === undefined || s.enabled === input.enabled);
    const start = (input.page - 1) * input.pageSize;
    return { total: all.length, page: input.page, pageSize: input.pageSize, records: all.slice(start, start + input.pageSize) };
  }

  async update(session: AuthSession, input: Input<typeof adminContract.warnSettingUpdate>, language: Language): Promise<WarnSetting> {
    const run = await this.runs.require(session, input.runId, 'admin.warnSetting.write');
    const tag = (await this.tagsOf(run.id, machineTypeOf(run), language)).find((x) => x.code === input.tagCode);
    if (!tag) throw errors.business('admin.warnSetting.unknownTag');
    await this.repo.upsert(run.id, tag.code, input, session.userId, Date.now());
    await this.changed(run.id);
    const row = (await this.repo.ofRun(run.id)).find((r) => r.tag_code === tag.code);
    return this.present(run.id, tag, row, language);
  }
}
