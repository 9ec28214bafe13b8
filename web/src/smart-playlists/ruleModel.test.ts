import { describe, expect, it } from 'vitest';
import { defaultValue, exportJson, fromRulesJson, operatorsFor, parseImport, periodParts, toRulesJson, valueKind } from './ruleModel';

const CALM = {
  all: [{ any: [{ field: 'mood', operator: 'is', value: 'peaceful' }, { field: 'mood', operator: 'is', value: 'chill' }] }, { field: 'bpm', operator: 'lt', value: 95 }],
  sort: [{ field: 'bpm', order: 'asc' }],
  limit: 20,
};

describe('smart playlist rule model', () => {
  it('reads rules JSON into the editor and writes the same JSON back', () => {
    expect(toRulesJson(fromRulesJson(CALM))).toEqual(CALM);
    const random = { any: [], sort: 'random' };
    expect(toRulesJson(fromRulesJson(random))).toEqual(random);
  });

  it('exports a named file that imports again; imports bare rules too; refuses what is not rules', () => {
    const text = exportJson('Calm', fromRulesJson(CALM));
    const imported = parseImport(text);
    expect(imported.name).toBe('Calm');
    expect(toRulesJson(imported.rules)).toEqual(CALM);
    expect(parseImport(JSON.stringify(CALM)).name).toBeNull();
    expect(() => parseImport('{ not json')).toThrow('The file is not JSON');
    expect(() => parseImport('[1, 2]')).toThrow('Rules must be an object');
    expect(() => parseImport('{"all":[{"field":"colour","operator":"is","value":"red"}]}')).toThrow('Unknown field "colour"');
  });

  it('offers the operators and values that fit each field', () => {
    expect(operatorsFor('bpm')).toEqual(['is', 'isNot', 'gt', 'lt', 'inTheRange']);
    expect(operatorsFor('liked')).toContain('inTheLast');
    expect(valueKind('liked', 'inTheLast')).toBe('date');
    expect(valueKind('liked', 'is')).toBe('boolean');
    expect(defaultValue('energy', 'gt')).toBe(0.5);
    expect(defaultValue('bpm', 'inTheRange')).toEqual([40, 220]);
    expect(defaultValue('createdAt', 'inTheLast')).toBe(30);
    expect(defaultValue('inPlaylist', 'inPlaylist', ['7'])).toBe('7');
  });

  it('shows a period in days in its largest whole unit', () => {
    expect(periodParts(60)).toMatchObject({ count: 2, unit: { id: 'months' } });
    expect(periodParts(14)).toMatchObject({ count: 2, unit: { id: 'weeks' } });
    expect(periodParts(10)).toMatchObject({ count: 10, unit: { id: 'days' } });
  });
});
