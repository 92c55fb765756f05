import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import type { Domain } from '../../src/domains/domain.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { factsFixture, type FactsFixture } from './facts-fixture.js';

// Facts of one domain that share no word with the messages below: relevant by the domain
// filter alone when the message is about projects.
const LANGUAGES = ['Rust', 'Go', 'Python', 'Kotlin', 'Swift', 'Haskell', 'Zig', 'Ruby', 'Java', 'Lua', 'Perl', 'Dart'];
const MORE_LANGUAGES = ['Elixir', 'Erlang', 'Scala', 'Clojure', 'Julia', 'Nim', 'Crystal', 'Racket', 'Ocaml', 'Fortran', 'Cobol', 'Pascal', 'Ada', 'Scheme', 'Groovy', 'Elm', 'Idris', 'Prolog'];
const sideProject = (language: string): string => `My ${language} side project uses ${language} for its build scripts`;
const CLUSTER = 'We chose Kubernetes for the production cluster';
// Projects wins; the decision shares two of its four content words with it, and is under the 0.5 similarity another domain needs.
const METRICS = 'Please analyse the kubernetes cluster metrics and explain anomalies';
const DASHBOARD = 'The metrics dashboard project is written in Elm';

describe('facts the message speaks of by their words', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  async function add(facts: readonly string[], domain: Domain): Promise<void> {
    for (const fact of facts) await f.service.add({ fact, domain, confidence: 'high' });
  }

  it('are relevant whatever their domain, and rank above the facts of the domain that share nothing with it', async () => {
    await add(LANGUAGES.map(sideProject), 'projects');
    await add([CLUSTER], 'decisions');
    const selection = await f.select(METRICS);
    expect(selection.items[0]?.fact).toBe(CLUSTER);
    // One shared word is not enough: half of the fact's words, and two at least.
    const oneWord = await f.select('The cluster is slow, please analyse the project metrics');
    expect([...oneWord.items, ...oneWord.candidates].map((item) => item.fact)).not.toContain(CLUSTER);
  });

  it('come first even when a fact of the domain alone scores higher', async () => {
    // Low confidence, and 20 days older than the others.
    await f.service.add({ fact: CLUSTER, domain: 'decisions', confidence: 'low' });
    f.clock.advance(20 * DAY_MS);
    await add(LANGUAGES.map(sideProject), 'projects');
    // One word of the message ("metrics") out of five: similar enough to outscore the decision, not spoken of.
    await add([DASHBOARD], 'projects');
    const selection = await f.select(METRICS);
    const score = (fact: string): number => selection.items.find((item) => item.fact === fact)?.score ?? Number.NaN;
    expect(score(DASHBOARD)).toBeGreaterThan(score(CLUSTER));
    expect(selection.items[0]?.fact).toBe(CLUSTER);
  });
});

describe('growth candidates', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it('are only facts the message justifies: a fact of the domain alone may fill the base, never grow the section', async () => {
    for (const language of [...LANGUAGES, ...MORE_LANGUAGES]) await f.service.add({ fact: sideProject(language), domain: 'projects', confidence: 'high' });
    const selection = await f.select(METRICS);
    // The base is still the domain's (spec §1.1: filtered by the domains of the message)…
    expect(selection.items.length).toBeGreaterThan(0);
    expect(selection.items.reduce((sum, item) => sum + item.tokenCount, 0)).toBeLessThanOrEqual(150);
    // …but nothing of it is more relevant than what the base holds.
    expect(selection.candidates).toEqual([]);
    // A message that speaks of them by their words justifies them all.
    const builds = await f.select('Which of my side projects use build scripts?');
    expect(builds.items.length + builds.candidates.length).toBe(LANGUAGES.length + MORE_LANGUAGES.length);
  });

  it('are every fact of a domain the message asks for as a whole, primary or not', async () => {
    for (const language of [...LANGUAGES, ...MORE_LANGUAGES]) await f.service.add({ fact: sideProject(language), domain: 'projects', confidence: 'high' });
    await f.service.add({ fact: 'My manager is Laura', domain: 'work', confidence: 'high' });
    // Work wins (email, manager, work); projects does not score half as much.
    const selection = await f.select('Email my manager at work a list of my projects');
    const facts = [...selection.items, ...selection.candidates].map((item) => item.fact);
    expect(facts).toContain('My manager is Laura');
    expect(facts.filter((fact) => fact.includes('side project'))).toHaveLength(LANGUAGES.length + MORE_LANGUAGES.length);
    const spanish = await f.select('Email my manager at work a list of mis proyectos');
    expect([...spanish.items, ...spanish.candidates].filter((item) => item.fact.includes('side project'))).toHaveLength(LANGUAGES.length + MORE_LANGUAGES.length);
  });

  it('keep a standing instruction, whatever the message', async () => {
    for (const language of [...LANGUAGES, ...MORE_LANGUAGES]) await f.service.add({ fact: sideProject(language), domain: 'projects', confidence: 'high' });
    await f.service.add({ fact: 'From now on, answer in Spanish', domain: 'preferences', confidence: 'medium' });
    const selection = await f.select(METRICS);
    expect(selection.items.map((item) => item.fact)).toContain('From now on, answer in Spanish');
  });
});

describe('the facts section of a prompt', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = await startTestDaemon();
    for (const language of [...LANGUAGES, ...MORE_LANGUAGES]) await daemon.client.addFact({ fact: sideProject(language), domain: 'projects' });
    await daemon.client.addFact({ fact: CLUSTER, domain: 'decisions' });
  });
  afterAll(() => daemon.stop());

  it('holds the fact the message speaks of, and does not grow with facts that share nothing with it', async () => {
    const response = await conversation(daemon.client, 'metrics').say(METRICS, { dryRun: true });
    expect(promptText(response)).toContain(CLUSTER);
    const section = response.layout.sections.find((each) => each.id === 'facts');
    expect(section?.base).toBeLessThanOrEqual(150);
    expect(section?.final).toBe(section?.base);
  });
});
