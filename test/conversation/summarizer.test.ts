import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitSummary } from '../../src/conversation/summary-budget.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { toChunk } from '../../src/tokens/chunks.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

const KEYS = ['topic', 'discussed', 'outcome', 'decisions', 'open_questions'];

let cl100k: Tokenizer;
let o200k: Tokenizer;
beforeAll(async () => {
  cl100k = await createTokenizer('cl100k_base');
  o200k = await createTokenizer('o200k_base');
});

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

const DEPLOY = segment(
  ['user', 'Should we deploy the billing service with Kubernetes or docker-compose? The launch is on March 14, 2025.'],
  ['assistant', 'Kubernetes gives you rolling updates and autoscaling; docker-compose is simpler for a single host.'],
  ['user', 'OK, we decided to use Kubernetes over docker-compose because of the autoscaling. Who will own the Helm charts?'],
);

const HOSTILE: Record<string, SummaryTurn[]> = {
  long: segment(['user', 'We decided to use Kubernetes for the Atlas project on March 3. '.repeat(5000)], ['assistant', 'Sure. '.repeat(9000)]),
  quotes: segment(['user', 'He said "stop" \\ and \'go\' \u0000\u0007 {"json": [1,2]} <|endoftext|> <|im_start|>']),
  surrogates: segment(['user', `broken \ud800 pair and 😀🎉 emoji ${'名前は何ですか？'.repeat(50)}`]),
  noSpaces: segment(['user', 'x'.repeat(200_000)]),
  rtl: segment(['user', 'مرحبا كيف حالك؟ نحن قررنا استخدام Kubernetes']),
  tool: segment(
    ['assistant', 'Searching flights to Madrid.'],
    ['tool', JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, carrier: 'Iberia', price: 100 + i })))],
  ),
  empty: [],
  blank: segment(['user', '   \n\t ']),
};

describe('summarizeSegment: shape and budget', () => {
  it.each(Object.keys(HOSTILE))('%s: valid JSON, every key, ≤ 50 tokens with both encodings', (name) => {
    for (const tokenizer of [cl100k, o200k]) {
      const result = summarizeSegment(HOSTILE[name] ?? [], tokenizer);
      const parsed: unknown = JSON.parse(result.text);
      expect(Object.keys(parsed as object)).toEqual(KEYS);
      expect(parsed).toEqual(result.summary);
      expect(result.chunk).toBe(toChunk(result.text));
      expect(result.tokenCount).toBe(tokenizer.count(result.chunk));
      expect(result.tokenCount).toBeLessThanOrEqual(50);
    }
  });

  it('honours a smaller budget down to the configured minimum of 20 tokens (MEMORYD_MAX_SUMMARY_TOKENS)', () => {
    for (const maxTokens of [20, 30, 40]) {
      const result = summarizeSegment(DEPLOY, cl100k, { maxTokens });
      expect(result.tokenCount).toBeLessThanOrEqual(maxTokens);
      expect(Object.keys(result.summary)).toEqual(KEYS);
    }
  });

  it('refuses a budget that not even the empty keys fit', () => {
    expect(() => summarizeSegment(DEPLOY, cl100k, { maxTokens: 10 })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', details: { issues: [{ path: 'MEMORYD_MAX_SUMMARY_TOKENS', message: expect.stringMatching(/^must be at least \d+$/) }] } }),
    );
  });

  it('is deterministic', () => {
    const first = summarizeSegment(DEPLOY, o200k);
    const second = summarizeSegment(structuredClone(DEPLOY), o200k);
    expect(second).toEqual(first);
  });

  it('drops list items before it shortens strings', () => {
    const draft = {
      topic: ['deployment'],
      discussed: [['alpha'], ['beta'], ['gamma'], ['delta'], ['epsilon'], ['zeta']],
      outcome: 'we will deploy the billing service on Friday at ten'.split(' '),
      decisions: [],
      open_questions: [],
    };
    const full = fitSummary(draft, cl100k, 1000);
    const fitted = fitSummary(draft, cl100k, full.tokenCount - 4);
    expect(fitted.summary.outcome).toBe(draft.outcome.join(' '));
    expect(fitted.summary.discussed.length).toBeLessThan(6);
    expect(fitted.summary.discussed[0]).toBe('alpha');
  });

  it('cuts a decision last: the other strings shorten and the single phrase goes first', () => {
    const draft = {
      topic: ['Mudanzas Levante', 'euros', 'contratar'],
      discussed: [['800', 'y', '1500', 'euros']],
      outcome: 'Buena elección pedí el contrato por escrito'.split(' '),
      decisions: ['Decidimos contratar a Mudanzas Levante por 1100 euros'.split(' ')],
      open_questions: [],
    };
    const full = fitSummary(draft, cl100k, 1000);
    const fitted = fitSummary(draft, cl100k, full.tokenCount - 12);
    expect(fitted.tokenCount).toBeLessThanOrEqual(full.tokenCount - 12);
    expect(fitted.summary.decisions).toEqual(['Decidimos contratar a Mudanzas Levante por 1100 euros']);
    expect(fitted.summary.outcome.split(' ').length).toBeLessThan(7);
    // When nothing else is left to cut, the decision is cut too.
    const tight = fitSummary({ ...draft, discussed: [], outcome: [], topic: ['Levante'] }, cl100k, 20);
    expect(tight.tokenCount).toBeLessThanOrEqual(20);
    expect(tight.summary.decisions[0]?.split(' ').length ?? 0).toBeLessThan(9);
  });

  it('drops an item cut down to words that say nothing, instead of keeping "Who?"', () => {
    const draft = {
      topic: ['login bug', 'CI flakiness'],
      discussed: [],
      outcome: ['Great', 'login', 'bug', 'first'],
      decisions: [['decided', 'to', 'fix', 'the', 'login', 'bug', 'first', 'then', 'the', 'CI']],
      open_questions: [['Who', 'should', 'own', 'the', 'export', 'feature']],
    };
    const full = fitSummary(draft, cl100k, 1000);
    for (let limit = full.tokenCount; limit > full.tokenCount - 12; limit -= 1) {
      const fitted = fitSummary(draft, cl100k, limit);
      for (const question of fitted.summary.open_questions) expect(question).toMatch(/own|export|feature/u);
    }
    expect(fitSummary(draft, cl100k, full.tokenCount - 11).summary.open_questions).toEqual([]);
  });
});

describe('fitSummary: dense text and long words', () => {
  it('cuts Chinese values no further than the budget needs', () => {
    const outcome = '我们 决定 下周五 把 账单 服务 部署 到 新的 生产 环境 并且 通知 运维 团队 检查 监控 告警 和 日志 配置'.split(' ');
    for (const tokenizer of [cl100k, o200k]) {
      const fitted = fitSummary({ topic: ['账单 服务'], discussed: [], outcome, decisions: [], open_questions: [] }, tokenizer, 50);
      expect(tokenizer.count(toChunk(fitted.text))).toBeLessThanOrEqual(50);
      // The keys cost a quarter of a token per character, these words one or two: a ratio
      // taken over both cut the outcome to nothing in cl100k.
      expect(fitted.tokenCount).toBeGreaterThanOrEqual(40);
      expect(fitted.summary.outcome).toMatch(/^我们 决定 下周五/u);
    }
  });

  it('clips the last word left to the tokens that fit instead of dropping it', () => {
    const word = '販売'.repeat(40);
    for (const tokenizer of [cl100k, o200k]) {
      const fitted = fitSummary({ topic: [word], discussed: [], outcome: [], decisions: [], open_questions: [] }, tokenizer, 50);
      expect(tokenizer.count(toChunk(fitted.text))).toBeLessThanOrEqual(50);
      expect(fitted.summary.topic).toMatch(/^販売販売販売.*…$/u);
      // Not even the skeleton's spare tokens allow one character and its ellipsis: the character alone.
      const tight = fitSummary({ topic: ['請求 サービス'], discussed: [], outcome: [], decisions: [], open_questions: [] }, tokenizer, tokenizer.count(toChunk('{"topic":"請","discussed":[],"outcome":"","decisions":[],"open_questions":[]}')));
      expect(tight.summary.topic).toBe('請');
    }
  });
});

const NOTHING = { topic: '', discussed: [], outcome: '', decisions: [], open_questions: [] };

// Segments with real content in scripts and shapes the English/Spanish rules do not
// read: each must keep a summary with some of its words (one of those listed).
const OTHER_SCRIPTS: Record<string, [SummaryTurn[], string[]]> = {
  'Japanese, without spaces': [
    segment(['user', '来週の金曜日に請求サービスをKubernetesクラスタにデプロイすることに決めました'], ['assistant', 'はい'], ['user', '了解']),
    ['請求', 'サービス', '金曜日', 'デプロイ', 'クラスタ'],
  ],
  Chinese: [segment(['user', '我们决定下周五把账单服务部署到生产环境'], ['assistant', '好的']), ['账单', '服务', '部署', '生产', '环境']],
  'Thai, without spaces': [
    segment(['user', 'เราตัดสินใจย้ายบริการเรียกเก็บเงินไปยังคลัสเตอร์ใหม่ในวันศุกร์หน้า'], ['assistant', 'ได้ครับ']),
    ['ตัดสิน', 'บริการ', 'คลัสเตอร์', 'ศุกร์'],
  ],
  Arabic: [segment(['user', 'قررنا نقل خدمة الفواتير إلى العنقود الجديد يوم الجمعة القادم']), ['خدمة', 'الفواتير', 'العنقود', 'الجمعة']],
  Russian: [segment(['user', 'Мы решили перенести сервис биллинга в новый кластер в следующую пятницу']), ['сервис', 'биллинга', 'кластер', 'пятницу']],
  // Vowel signs are marks, not letters: a word must not end before them ("हमन" of "हमने").
  Hindi: [segment(['user', 'हमने अगले शुक्रवार को बिलिंग सेवा को नए क्लस्टर में ले जाने का फैसला किया']), ['हमने', 'शुक्रवार', 'बिलिंग', 'सेवा', 'क्लस्टर', 'फैसला']],
  'Korean, without spaces': [segment(['user', '다음주금요일에결제서비스를새클러스터로이전하기로결정했습니다그리고운영팀에게도알려주세요']), ['다음주금요일에결제']],
  'a long identifier': [segment(['user', 'ThisIsAnExtremelyLongIdentifierNameThatGoesOnAndOnAndOn'], ['assistant', 'ok']), ['ThisIsAnExtremely']],
  'a long URL': [segment(['user', 'https://example.com/aVeryLongPathSegmentWithoutAnyBreaksInsideItAtAll']), ['aVeryLongPathSegment']],
};

describe('summarizeSegment: every script', () => {
  it.each(Object.keys(OTHER_SCRIPTS))('%s: a non-empty summary of ≤ 50 tokens that keeps some of its words', (name) => {
    const [turns, words] = OTHER_SCRIPTS[name] ?? [[], []];
    for (const tokenizer of [cl100k, o200k]) {
      const result = summarizeSegment(turns, tokenizer);
      expect(result.summary).not.toEqual(NOTHING);
      // The body as the prompt renders it, counted again.
      expect(tokenizer.count(toChunk(result.text))).toBeLessThanOrEqual(50);
      const values = Object.values(result.summary).flat().join(' ');
      expect(words.some((word) => values.includes(word)), `${tokenizer.encoding}: ${result.text}`).toBe(true);
    }
  });

  it('any mix of those words and of noise keeps a summary of ≤ 50 tokens, unless it is all noise', () => {
    const words = ['来週の金曜日に', '請求サービス', '我们决定部署', 'เราตัดสินใจย้าย', 'قررنا نقل', 'Мы решили', 'हमने फैसला किया', '다음주금요일에결제', 'x'.repeat(90), 'a1B2c3'.repeat(20), ' Kubernetes '];
    const noise = [' ', '。', '？', '-', "'", '\n', '😀', ' ok ', ' Noted. ', ' はい '];
    const turns = fc.array(fc.array(fc.constantFrom(...words, ...noise), { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(turns, (pieces) => {
        const result = summarizeSegment(segment(...pieces.map((each, i): [SummaryTurn['role'], string] => [i % 2 === 0 ? 'user' : 'assistant', each.join('')])), o200k);
        expect(o200k.count(toChunk(result.text))).toBeLessThanOrEqual(50);
        const kept = JSON.stringify(result.summary) !== JSON.stringify(NOTHING);
        expect(kept).toBe(pieces.flat().some((piece) => words.includes(piece)));
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('keeps nothing of acknowledgements, in Japanese too', () => {
    for (const turns of [segment(['user', 'Noted.'], ['assistant', 'ok']), segment(['user', 'ok'], ['assistant', 'はい'])]) {
      expect(summarizeSegment(turns, cl100k).summary).toEqual(NOTHING);
    }
  });
});

describe('summarizeSegment: content', () => {
  it('finds the topic, the decision and the open question of an English segment', () => {
    const { summary } = summarizeSegment(DEPLOY, cl100k, { maxTokens: 200 });
    expect(summary.topic).toContain('Kubernetes');
    expect(summary.decisions.join(' ')).toContain('use Kubernetes over docker-compose');
    expect(summary.open_questions).toEqual(['Who will own the Helm charts?']);
  });

  it('never makes the words of a request to remember part of the topic', () => {
    for (const said of [
      'Hola! Acordate que vivo en Rosario y trabajo como diseñadora.',
      'Prefiero las respuestas cortas, por favor.',
      'Please remember that I prefer the window seat.',
      'Thanks! Should I upgrade to Express 5 instead?',
    ]) {
      const { summary } = summarizeSegment(segment(['user', said]), cl100k, { maxTokens: 50 });
      expect(summary.topic).not.toMatch(/acordate|vivo|prefiero|favor|prefer|please|instead/iu);
      expect(summary.topic).not.toBe('');
    }
  });

  it('never makes an acknowledgement part of the topic', () => {
    for (const [said, ack] of [
      ['Actually, my manager is Marta now.', 'Understood, thanks for telling me.'],
      ['The deadline moved to Friday.', 'Noted, okay.'],
      ['Mi jefa ahora es Marta.', 'Entendido, anotado.'],
    ] as const) {
      const { summary } = summarizeSegment(segment(['user', said], ['assistant', ack]), cl100k, { maxTokens: 50 });
      expect(summary.topic).not.toMatch(/understood|noted|okay|entendido|anotado/iu);
      expect(summary.topic).not.toBe('');
    }
  });

  it('finds decisions and open questions in Spanish', () => {
    const { summary } = summarizeSegment(
      segment(
        ['user', '¿Qué base de datos usamos para el proyecto Atlas? Tenemos 3 semanas hasta el 15 de mayo.'],
        ['assistant', 'PostgreSQL es una buena opción: transacciones, JSONB y extensiones como PostGIS.'],
        ['user', 'Perfecto, decidimos usar PostgreSQL 16 con PostGIS. ¿Quién configura las copias de seguridad?'],
      ),
      cl100k,
      { maxTokens: 200 },
    );
    expect(summary.decisions.join(' ')).toContain('PostgreSQL 16');
    expect(summary.open_questions).toEqual(['Quién configura las copias de seguridad?']);
    expect(JSON.stringify(summary)).toContain('15 de mayo');
  });

  it.each([
    ['We decided to go with Redis for the cache.', 'Redis'],
    ["Let's use Terraform for the staging cluster.", 'Terraform'],
    ['Quedamos en vernos el martes en Rosario.', 'martes'],
    ['Elegimos Vercel para el frontend.', 'Vercel'],
    ['We agreed on weekly releases.', 'weekly releases'],
  ])('decision in %j', (text, expected) => {
    const { summary } = summarizeSegment(segment(['user', text]), cl100k, { maxTokens: 200 });
    expect([summary.outcome, ...summary.decisions].join(' ')).toContain(expected);
  });

  it.each([
    ["We haven't decided on the database yet."],
    ['Should we go with Redis or Memcached?'],
    ['Todavía no decidimos el hosting.'],
  ])('no decision in %j', (text) => {
    expect(summarizeSegment(segment(['user', text]), cl100k, { maxTokens: 200 }).summary.decisions).toEqual([]);
  });

  it('a question the assistant answers is not open; one it cannot answer is', () => {
    const answered = summarizeSegment(
      segment(['user', 'When does the Madrid flight leave?'], ['assistant', 'It leaves at 7:45 from gate B12.']),
      cl100k,
    );
    expect(answered.summary.open_questions).toEqual([]);
    const unanswered = summarizeSegment(
      segment(['user', 'When does the Madrid flight leave?'], ['assistant', "I don't know, the airline has not published it."]),
      cl100k,
    );
    expect(unanswered.summary.open_questions).toEqual(['When does the Madrid flight leave?']);
  });

  it('a question answered right after the segment (the reply a window edge left out) is not open, and its answer is the outcome', () => {
    const question = segment(['user', 'Ok, thanks.'], ['user', 'When does the Madrid flight leave?']);
    const reply = (content: string): SummaryTurn => ({ role: 'assistant', content, turnNumber: 3 });
    expect(summarizeSegment(question, cl100k).summary.open_questions).toEqual(['When does the Madrid flight leave?']);
    const answered = summarizeSegment(question, cl100k, {}, reply('It leaves at 7:45 from gate B12.'));
    expect(answered.summary.open_questions).toEqual([]);
    expect(answered.summary.outcome).toBe('It leaves at 7:45 from gate B12');
    // The topic is the segment's own.
    expect(answered.summary.topic).toContain('Madrid');
    const unknown = summarizeSegment(question, cl100k, {}, reply("I don't know, the airline has not published it."));
    expect(unknown.summary.open_questions).toEqual(['When does the Madrid flight leave?']);
    expect(unknown.summary.outcome).toBe('');
    // A segment that does not end with a question keeps its own outcome.
    const statement = segment(['user', 'Which gate for Madrid?'], ['assistant', 'Gate B12 for the Madrid flight.'], ['user', 'Great, I will be early.']);
    expect(summarizeSegment(statement, cl100k, {}, reply('Have a good trip to Madrid!')).summary.outcome).toBe('Gate B12 for the Madrid flight');
  });

  it('summarises what was written around pasted code, not the code', () => {
    const code = Array.from({ length: 25 }, (_, i) => `function handler${i}(req, res) {\n  const user = await db.users.find(req.params.id);\n  res.json(user);\n}`).join('\n');
    const { summary } = summarizeSegment(
      segment(
        ['user', `Why does this Express code throw "await is only valid in async functions"?\n\`\`\`js\n${code}\n\`\`\`\nI am on Express 4 and Node 20.`],
        ['assistant', 'The handlers use await but are not declared async. Add the async keyword to each handler.'],
      ),
      cl100k,
    );
    expect(summary.topic).toContain('Express');
    expect(JSON.stringify(summary)).not.toMatch(/const user|req|res\b|params/u);
    expect(summary.outcome).toBe('The handlers use await but are not declared async');
    // An unclosed block runs to the end of what is read; the text before it stays.
    const unclosed = summarizeSegment(segment(['user', `Deploy plan for Atlas:\n~~~\n${code}`]), cl100k).summary;
    expect(unclosed.topic).toContain('Atlas');
    expect(JSON.stringify(unclosed)).not.toContain('const');
  });

  it('keeps numbers, dates and proper names', () => {
    const text = summarizeSegment(
      segment(
        ['user', 'Can we deploy on March 14, 2025 at 10:30? Maria Lopez approved a budget of $4,500 for the Atlas migration.'],
        ['assistant', 'Yes. The Atlas migration to AWS starts on March 14, 2025 and Maria Lopez owns the budget.'],
      ),
      cl100k,
    ).text;
    expect(text).toContain('Maria Lopez');
    expect(text).toContain('Atlas');
    expect(text).toContain('March 14');
  });

  it('does not let a huge tool result drown the conversation', () => {
    const { summary } = summarizeSegment(
      segment(
        ['user', 'Find me a flight to Madrid for the conference in May.'],
        ['assistant', 'Searching flights to Madrid.'],
        ['tool', JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, carrier: 'Iberia', price: 100 + i })))],
      ),
      cl100k,
    );
    expect(summary.topic).toContain('Madrid');
    expect(summary.topic).not.toContain('carrier');
  });
});

describe('a segment that opens with the answer the summary before took as its outcome', () => {
  const said = 'We removed it because it caused flaky builds';
  const read = (turns: SummaryTurn[], saidBefore: string) => JSON.parse(summarizeSegment(turns, cl100k, {}, null, saidBefore).text) as Record<string, unknown>;

  it('says nothing of it again: the answer alone keeps nothing', () => {
    const alone = segment(['assistant', 'We removed it because it caused flaky builds.']);
    expect(read(alone, '')).toMatchObject({ outcome: said });
    expect(read(alone, said)).toEqual({ topic: '', discussed: [], outcome: '', decisions: [], open_questions: [] });
    // As fitting left it: fewer words, the last one clipped.
    expect(read(alone, 'We removed it because it cau…')).toMatchObject({ outcome: '' });
  });

  it('keeps the rest of the answer and of the segment', () => {
    const more = segment(['assistant', 'We removed it because it caused flaky builds. We also pinned Maven to version 3.9.'], ['user', 'Does Gradle cache better?']);
    const summary = read(more, said);
    expect(summary.outcome).toBe('We also pinned Maven to version 3.9');
    expect(JSON.stringify(summary)).not.toContain('flaky');
  });

  it('leaves the same words alone anywhere else: in a question, or said by the user, or after one word of it', () => {
    expect(read(segment(['user', 'We removed it because it caused flaky builds.']), said)).toMatchObject({ outcome: said });
    expect(read(segment(['assistant', 'Hello there.'], ['assistant', 'We removed it because it caused flaky builds.']), said)).toMatchObject({ outcome: said });
    expect(read(segment(['assistant', 'We removed it because it caused flaky builds.']), 'We')).toMatchObject({ outcome: said });
    // Word by word, not letter by letter: an outcome cut to "We removed it" does not say "We removed items…".
    expect(read(segment(['assistant', 'We removed items from the cache because they were stale.']), 'We removed it')).toMatchObject({ outcome: 'We removed items from the cache because they were stale' });
  });

  it('keeps what an outcome cut at a phrase boundary left out of the answer', () => {
    const answer = segment(['assistant', 'Here is a thought on the flights: check the itinerary first.'], ['user', 'ok']);
    expect(JSON.stringify(read(answer, 'Here is a thought on the flights'))).toContain('itinerary');
  });
});

describe('summarizeSegment: amounts keep their units', () => {
  it('keeps a currency or a unit written after a number, spaced or not', () => {
    const summary = summarizeSegment(
      segment(
        ['user', '¿Cuál es el presupuesto del viaje a Lisboa?'],
        ['assistant', 'Con 1200 € para dos y cinco noches, y la previsión es de 12 a 18 °C.'],
      ),
      cl100k,
    );
    expect(summary.summary.outcome).toBe('Con 1200€ para dos y cinco noches');
    expect(summary.text).not.toMatch(/1200(?!€)/u);
    const weather = summarizeSegment(segment(['user', '¿Qué tiempo hará en Oporto?'], ['assistant', 'La previsión es de 12 a 18 °C.']), cl100k);
    expect(weather.summary.outcome).toBe('La previsión es de 12 a 18°C');
  });
});

describe('summarizeSegment: a correction after the answer', () => {
  it('is the outcome, not the answer it corrects', () => {
    const corrected = summarizeSegment(
      segment(
        ['user', '¿Qué dijimos ayer del presupuesto del viaje?'],
        ['assistant', 'Dijimos unos 1200 € para los dos, con unos 120 € por noche.'],
        ['user', 'Actually, el presupuesto ahora es de 1500 euros, mi hermana nos ayuda.'],
      ),
      cl100k,
    );
    expect(corrected.summary.outcome).toContain('1500 euros');
    // A user's statement after the answer that corrects nothing leaves the answer the outcome.
    const followed = summarizeSegment(
      segment(
        ['user', '¿Qué dijimos ayer del presupuesto del viaje?'],
        ['assistant', 'Dijimos unos 1200 € para los dos, con unos 120 € por noche.'],
        ['user', 'Perfecto, mi hermana nos ayuda con el hotel.'],
      ),
      cl100k,
    );
    expect(followed.summary.outcome).toContain('1200€');
  });
});
