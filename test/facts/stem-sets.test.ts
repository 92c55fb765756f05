import { describe, expect, it } from 'vitest';
import { contentStems, StemSets } from '../../src/facts/fact-words.js';

describe('remembered stems of recent texts', () => {
  it('give what stemming the text afresh gives, for the same text again and after others pushed it out', () => {
    const sets = new StemSets(2);
    const texts = ['My editor is Helix, and I use it daily.', 'Mi editor favorito es Helix.', 'The deployment runs on Fridays.'];
    const fresh = (text: string) => new Set(contentStems(text));
    for (const text of [...texts, ...texts, texts[0] as string]) expect(sets.of(text)).toEqual(fresh(text));
  });

  it('answer a text asked again with the set it already built, and keep at most their capacity', () => {
    const sets = new StemSets(2);
    const first = sets.of('raised garden beds');
    expect(sets.of('raised garden beds')).toBe(first);
    sets.of('helm chart');
    sets.of('tomato watering');
    expect(sets.of('raised garden beds')).not.toBe(first);
  });

  it('count the sets they built, not those found remembered', () => {
    const sets = new StemSets(2);
    sets.of('raised garden beds');
    sets.of('raised garden beds');
    expect(sets.built).toBe(1);
    sets.of('helm chart');
    sets.of('tomato watering');
    sets.of('raised garden beds');
    expect(sets.built).toBe(4);
  });
});
