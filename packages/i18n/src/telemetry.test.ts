import { MACHINE_STATE_KEYS, MACHINE_TYPES, SUBSYSTEM_NAME_KEYS, tagCatalogue, tagDisplayName } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { hasMessage, LOCALES, type Locale, translate } from './index.js';

const nameIn = (locale: Locale) => (key: string, vars?: Record<string, string>) => translate(locale, key, vars);

describe('telemetry names', () => {
  it('exist in all six languages for every tag of every machine type, every tab and every state', () => {
    const keys = new Set([
      ...MACHINE_TYPES.flatMap((m) => tagCatalogue(m).flatMap((t) => [t.name.subject, t.name.quantity])),
      ...Object.values(SUBSYSTEM_NAME_KEYS),
      ...Object.values(MACHINE_STATE_KEYS),
      'telemetry.tagName',
      'telemetry.tagNameNoIndex',
    ]);
    const missing = [...keys].flatMap((key) => LOCALES.filter((l) => !hasMessage(key, l)).map((l) => `${key} (${l})`));
    expect(missing).toEqual([]);
  });

  it('write a German compound as one word: Vortriebsgeschwindigkeit, not "Vortrieb Geschwindigkeit"', () => {
    const speed = tagCatalogue('epb').find((t) => t.name.subject === 'telemetry.subject.advance' && t.name.quantity === 'telemetry.quantity.speed');
    if (!speed) throw new Error('the advance speed tag is missing');
    expect(tagDisplayName(speed, nameIn('de-AT'))).toBe('Vortriebsgeschwindigkeit');
    expect(tagDisplayName(speed, nameIn('en-US'))).toBe('Advance speed');
    expect(tagDisplayName(speed, nameIn('zh-CN'))).toBe('掘进速度');
    const names = LOCALES.flatMap((l) => tagCatalogue('epb').map((t) => tagDisplayName(t, nameIn(l))));
    expect(names.filter((n) => n.includes('Vortrieb Geschwindigkeit'))).toEqual([]);
  });

  it('compose in each language’s word order', () => {
    const foam = tagCatalogue('epb').find((t) => t.code === 'foam.line3Flow');
    if (!foam) throw new Error('foam.line3Flow is missing');
    expect(tagDisplayName(foam, nameIn('en-US'))).toBe('Foam line 3 flow');
    expect(tagDisplayName(foam, nameIn('zh-CN'))).toBe('泡沫管路3流量');
    expect(tagDisplayName(foam, nameIn('de-AT'))).toBe('Schaumleitung 3 Durchfluss');
    expect(tagDisplayName(foam, nameIn('it-IT'))).toBe('Portata linea schiuma 3');
    expect(tagDisplayName(foam, nameIn('pt-PT'))).toBe('Caudal (linha de espuma 3)');
    expect(tagDisplayName(foam, nameIn('tr-TR'))).toBe('Köpük hattı 3 debisi');
    const torque = tagCatalogue('slurry').find((t) => t.code === 'cutterhead.torque');
    if (!torque) throw new Error('cutterhead.torque is missing');
    expect(tagDisplayName(torque, nameIn('en-US'))).toBe('Cutterhead torque');
    expect(tagDisplayName(torque, nameIn('zh-CN'))).toBe('刀盘扭矩');
  });

  it('tell every tag of a machine apart in every language', () => {
    for (const machineType of MACHINE_TYPES) {
      for (const locale of LOCALES) {
        const names = tagCatalogue(machineType).map((tag) => tagDisplayName(tag, nameIn(locale)));
        expect(names.filter((n) => n.includes('{{') || n.includes('telemetry.')), `${machineType} ${locale}`).toEqual([]);
        expect(names.filter((n, i) => names.indexOf(n) !== i), `${machineType} ${locale}`).toEqual([]);
      }
    }
  });
});
