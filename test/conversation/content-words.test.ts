import { describe, expect, it } from 'vitest';
import { contentWords } from '../../src/conversation/content-words.js';

describe('contentWords', () => {
  it('keeps words of 3 characters or more, folded, without stop words, in order of first appearance', () => {
    expect(contentWords('Deploy the Billing service with Kubernetes; the billing team is happy.')).toEqual(['deploy', 'billing', 'service', 'kubernetes', 'team', 'happy']);
  });

  it('keeps a two-character word the text writes as an acronym', () => {
    // "decide" and "about" are stop words: without the acronym nothing would be searched for.
    expect(contentWords('What did we decide about CI?')).toEqual(['ci']);
    expect(contentWords('Move the UI assets to S3 and the DB to a QA box')).toEqual(['ui', 'assets', 's3', 'db', 'qa', 'box']);
    expect(contentWords('¿Qué decidimos sobre la CI?')).toContain('ci');
  });

  it('leaves out two-character words written in lower or mixed case, and acronyms that are stop words', () => {
    expect(contentWords('go to ci and ui, Go on')).toEqual([]);
    expect(contentWords('Is IT ON?')).toEqual([]);
    // Inside a longer word, or next to a letter, two capitals are not an acronym.
    expect(contentWords('CIs and xCI and CI2')).toEqual(['cis', 'xci', 'ci2']);
  });
});
