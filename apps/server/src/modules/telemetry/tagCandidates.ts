import { type MachineType, tagCatalogue, tagDisplayName } from '@boreline/contracts';
import { LOCALES, translate } from '@boreline/i18n';
import { type PreparedCandidate, prepareCandidates } from './tagSuggest.js';

const prepared = new Map<MachineType, PreparedCandidate[]>();

/**
 * Every tag of a machine type as a suggestion candidate: its code, its reference PLC variable (whole
 * and without its data block) and
 * its name in each of the six languages (a German gateway name finds the German name). Built once
 * per machine type.
 */
export function catalogueCandidates(machineType: MachineType): readonly PreparedCandidate[] {
  const known = prepared.get(machineType);
  if (known) return known;
  const built = prepareCandidates(
    tagCatalogue(machineType).map((tag) => {
      const names = LOCALES.map((locale) => tagDisplayName(tag, (key, vars) => translate(locale, key, vars)));
      // German PLC names write umlauts out (`Schneckenfoerderer`).
      const german = tagDisplayName(tag, (key, vars) => translate('de-AT', key, vars));
      names.push(german.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue'));
      return { code: tag.code, unit: tag.unit, texts: [...new Set([tag.code, tag.plcVar, tag.plcVar.split('.').at(-1) ?? tag.plcVar, ...names])] };
    }),
  );
  prepared.set(machineType, built);
  return built;
}
