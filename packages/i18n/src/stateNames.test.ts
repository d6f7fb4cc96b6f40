import { describe, expect, it } from 'vitest';
import { CATALOGUES, flatten, LOCALES } from './index.js';

/**
 * A machine state has one name per language wherever the product shows it: the dictionary, the
 * project list's shares, the report and statistics columns and their Excel headers, the efficiency
 * split and the shift report's work processes. No two states, and no state and a stop (a shift
 * report's record with a reason), share a name: a time bar or a donut shows them in different colours.
 */
const STATES = ['advance', 'ringBuild', 'waiting'] as const;

describe('names of the machine states', () => {
  for (const locale of LOCALES) {
    const text = flatten(CATALOGUES[locale]);
    const get = (key: string) => {
      const value = text[key];
      expect(value, `${locale} ${key}`).toBeDefined();
      return value ?? '';
    };

    it(`${locale}: one name per state on every screen and export`, () => {
      for (const state of STATES) {
        const name = get(`telemetry.state.${state}`);
        expect(get(`report.column.${state}`), `${locale} report.column.${state}`).toBe(name);
        expect(get(`statistic.column.${state}`), `${locale} statistic.column.${state}`).toBe(name);
        expect(get(`project.list.${state}Rate`), `${locale} project.list.${state}Rate`).toBe(name);
        const split = `statistic.efficiency.split${state[0]?.toUpperCase()}${state.slice(1)}`;
        expect(get(split).replace('{{time}}', '').trim(), `${locale} ${split}`).toBe(name);
      }
      expect(get('project.dic.workProcess.advance')).toBe(get('telemetry.state.advance'));
      expect(get('project.dic.workProcess.ringBuild')).toBe(get('telemetry.state.ringBuild'));
    });

    it(`${locale}: no two states, offline or a stop share a label`, () => {
      const labels = {
        advance: get('telemetry.state.advance'),
        ringBuild: get('telemetry.state.ringBuild'),
        waiting: get('telemetry.state.waiting'),
        finish: get('telemetry.state.finish'),
        offline: get('project.status.offline'),
        stop: get('report.shiftPage.records.stop'),
      };
      expect(new Set(Object.values(labels)).size, `${locale} ${JSON.stringify(labels)}`).toBe(Object.keys(labels).length);
      expect(get('report.export.kindStop')).toBe(labels.stop);
    });
  }

  it('zh-CN names the TBM advancing 掘进 throughout, not 推进 (which stays for the thrust system and cylinders)', () => {
    const zh = flatten(CATALOGUES['zh-CN']);
    expect(zh['telemetry.state.advance']).toBe('掘进');
    const advancing = Object.entries(zh).filter(([key, value]) => /advanc|speed/i.test(key) && value.includes('推进'));
    expect(advancing).toEqual([]);
  });
});
