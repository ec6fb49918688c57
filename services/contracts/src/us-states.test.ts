import { describe, expect, it } from '@jest/globals';
import { stateSpellings, US_STATES } from './us-states';

describe('stateSpellings', () => {
  it('maps an abbreviation to itself and the name, in any case', () => {
    expect(stateSpellings('TX')).toEqual(['TX', 'Texas']);
    expect(stateSpellings(' tx ')).toEqual(['TX', 'Texas']);
    expect(stateSpellings('t.x.')).toEqual(['TX', 'Texas']);
  });

  it('maps a name to the abbreviation and itself, spaces and case folded', () => {
    expect(stateSpellings('Texas')).toEqual(['TX', 'Texas']);
    expect(stateSpellings('new   YORK')).toEqual(['NY', 'New York']);
    expect(stateSpellings('District of Columbia')).toEqual(['DC', 'District of Columbia']);
    expect(stateSpellings('Washington, D.C.')).toEqual(['DC', 'District of Columbia']);
    expect(stateSpellings('Washington')).toEqual(['WA', 'Washington']);
  });

  it('holds every state and DC, each name and abbreviation going both ways', () => {
    expect(Object.keys(US_STATES)).toHaveLength(56);
    for (const [abbreviation, name] of Object.entries(US_STATES)) {
      expect(stateSpellings(abbreviation)).toEqual([abbreviation, name]);
      expect(stateSpellings(name)).toEqual([abbreviation, name]);
    }
  });

  it('leaves anything else alone', () => {
    expect(stateSpellings('')).toEqual([]);
    expect(stateSpellings('Austin')).toEqual([]);
    expect(stateSpellings('Tex')).toEqual([]);
    expect(stateSpellings('XX')).toEqual([]);
  });
});
