import { beforeAll, describe, expect, it } from 'vitest';
import { mentionsSecret as factsMentionsSecret } from '../../src/facts/extraction/guards.js';
import { credentialNameSpans, mentionsSecret, secretValueSpans } from '../../src/credentials.js';
import { SegmentSummarizer } from '../../src/conversation/segment-summarizer.js';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { withoutSecretValues } from '../../src/conversation/summary-secrets.js';
import type { TxScope } from '../../src/storage/transaction.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const committed: TxScope = { afterCommit: (callback) => callback() };

function segment(...turns: [SummaryTurn['role'], string][]): SummaryTurn[] {
  return turns.map(([role, content], i) => ({ role, content, turnNumber: i + 1 }));
}

// Each segment gives secrets (the values that must never be kept) and names what it is
// about (what the summary must still say, so the test cannot pass by keeping nothing).
const CASES: { name: string; turns: SummaryTurn[]; secrets: string[]; kept: RegExp }[] = [
  {
    name: 'a wifi password',
    turns: segment(['user', 'Remember that my wifi password is hunter22.'], ['assistant', "I can't store it, but noted for this chat."]),
    secrets: ['hunter22'],
    kept: /wifi password/,
  },
  {
    name: 'a password made of plain words, before its name',
    turns: segment(['user', 'sunshine is my Netflix password, and bluemoon is the router passcode.']),
    secrets: ['sunshine', 'bluemoon'],
    kept: /Netflix password/,
  },
  {
    name: 'an IBAN and a door code',
    turns: segment(['user', 'Also my IBAN is ES9121000418450200051332 and the door code is 4821.'], ['assistant', 'Got the IBAN and the door code.']),
    secrets: ['ES9121000418450200051332', '4821'],
    kept: /IBAN/,
  },
  {
    name: 'a card number, with no word that names it',
    turns: segment(['user', 'Charge the Lisbon hotel to 4111 1111 1111 1111 please.'], ['assistant', 'I will charge the Lisbon hotel to 4111 1111 1111 1111.']),
    secrets: ['4111', '1111'],
    kept: /Lisbon hotel/,
  },
  {
    name: 'an account number and a grouped IBAN',
    turns: segment(['user', 'Wire the deposit to ES91 2100 0418 4502 0005 1332 or to account 0049 1500 0512 3456 7890 at Santander.']),
    secrets: ['2100', '0418', '1332', '0049', '7890'],
    kept: /deposit|Santander/,
  },
  {
    name: 'an API key by its shape',
    turns: segment(['user', 'Put sk-proj-7hG2kQ9xWm4Lp8Rt3Vz6 in the staging env.'], ['assistant', 'Done: staging now reads sk-proj-7hG2kQ9xWm4Lp8Rt3Vz6.']),
    secrets: ['sk-proj', '7hG2kQ9x'],
    kept: /staging/,
  },
  {
    name: 'an access key id and a token by their shapes',
    turns: segment(['user', 'AKIAIOSFODNN7EXAMPLE is the AWS id for staging.'], ['assistant', 'Staging uses ghp_16C7e42F292c6912E7710c838347Ae178B4a for GitHub.']),
    secrets: ['AKIAIOSFODNN7EXAMPLE', 'ghp', '16C', '7e42'],
    kept: /AWS/,
  },
  {
    name: 'a PIN and a Spanish password',
    turns: segment(['user', 'Mi contraseña del wifi es girasol77 y el PIN de la tarjeta es 9351.'], ['assistant', '¿Quieres cambiar la contraseña del wifi?']),
    secrets: ['girasol77', '9351'],
    kept: /contraseña/,
  },
  {
    name: 'a value given in the sentence after the name',
    turns: segment(['user', 'What is the guest wifi password? It is sunshine.'], ['assistant', 'The guest wifi password is in the welcome folder.']),
    secrets: ['sunshine'],
    kept: /guest wifi password/,
  },
  {
    name: 'a credential asked back as an open question',
    turns: segment(['user', 'Is the alarm code still 2580 for the cabin?']),
    secrets: ['2580'],
    kept: /alarm code/,
  },
  {
    name: 'a URL\'s password and a bearer token',
    turns: segment(['user', 'Connect to postgres://admin:S3cr3tP4ss@db.internal:5432/prod for the migration.'], ['assistant', 'The migration sent Authorization: Bearer abc123DEF456ghi789 to the API.']),
    secrets: ['S3cr3tP4ss', 'abc123DEF456ghi789'],
    kept: /migration/,
  },
  {
    name: 'a password asked about before its name',
    turns: segment(['user', 'Is sunshine a strong enough password for my bank account?'], ['user', '¿Es girasol una buena contraseña para el banco?']),
    secrets: ['sunshine', 'girasol'],
    kept: /strong enough password/,
  },
  {
    name: 'a thing a credential\'s name only qualifies, asked about',
    turns: segment(['user', 'Is Bitwarden a good password manager, or is Vault the right secret store?'], ['assistant', 'Both work; my vault password is Tr0ub4dor&3.']),
    secrets: ['Tr0ub4dor&3'],
    kept: /Bitwarden|Vault/,
  },
  {
    // Cut at its "!", the password is a sentence of its own before the one that names it.
    name: 'a password with a "!", asked about before its name',
    turns: segment(['user', 'Is Perro2024! a strong enough password for my bank account?'], ['assistant', 'Make it longer than that.']),
    secrets: ['Perro2024'],
    kept: /strong, password/,
  },
  {
    name: 'one-time codes',
    turns: segment(['user', 'El código de verificación que me llegó es 739104.'], ['user', 'My 2FA code is 551234.'], ['user', 'OTP: 604217']),
    secrets: ['739104', '551234', '604217'],
    kept: /2FA code|OTP/,
  },
  {
    name: 'a DNI and an NIE, named or not',
    turns: segment(['user', 'Mi DNI es 12345678Z y el NIE de Ana es X1234567L.'], ['user', 'Put 87654321X and Y7654321G on the rental form.']),
    secrets: ['12345678Z', 'X1234567L', '87654321X', 'Y7654321G'],
    kept: /rental form/,
  },
  {
    name: 'passport and social security numbers',
    turns: segment(
      ['user', 'My passport number is X12345678 for the Lisbon trip.'],
      ['user', 'Mi número de pasaporte es AAB123456 y mi pasaporte antiguo era PAB654321.'],
      ['user', 'Mi número de la seguridad social es 281234567840.'],
    ),
    secrets: ['X12345678', 'AAB123456', 'PAB654321', '281234567840'],
    kept: /passport number/,
  },
];

describe('summaries of turns that hold credentials', () => {
  for (const { name, turns, secrets, kept } of CASES) {
    it(`keep no value of ${name}, in any field or search word, but say what was discussed`, () => {
      const summarizer = new SegmentSummarizer(tokenizer, 50, 0);
      const content = summarizer.summarize(turns, null, committed);
      const written = JSON.stringify([content.body, content.compactBody, content.searchText, content.topic]);
      for (const secret of secrets) expect(written.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(content.body).toMatch(kept);
    });
  }

  it('keep ordinary numbers, dates, times and short codes', () => {
    const { summary } = summarizeSegment(segment(['user', 'The Atlas launch moved to 2026-05-08 at 5pm, with 250 guests in room 4B.']), tokenizer);
    expect(JSON.stringify(summary)).toMatch(/2026-05-08|250|4B/);
  });

  it('keep an identity document, an order number and a year that give no secret', () => {
    const sentences = [
      'My passport expires in May 2027, so renew it before the Lisbon trip.',
      'Tengo que renovar el DNI antes del viaje a Oporto en 2026.',
      'Order 12345678A ships on flight IB3170 at 10:30 for 49.99 euros.',
    ];
    for (const sentence of sentences) expect(withoutSecretValues(sentence, false)).toEqual({ text: sentence, namesCredential: false });
  });

  it('are the same when prepared ahead as when made at closing', () => {
    const { turns } = CASES[0] as (typeof CASES)[number];
    const summarizer = new SegmentSummarizer(tokenizer, 50, 8);
    summarizer.anticipate(turns);
    const prepared = summarizer.summarize(turns, null, committed);
    expect(prepared).toEqual(new SegmentSummarizer(tokenizer, 50, 0).summarize(turns, null, committed));
  });
});

describe('the credential detection the facts tier and the summaries share', () => {
  it('is the one the facts tier refuses statements with', () => {
    for (const text of ['my wifi password is hunter22', 'the door code is 4821', 'my iban is es91 2100', 'i like postal codes', 'my favourite key is c minor']) {
      expect(factsMentionsSecret(text)).toBe(mentionsSecret(text));
    }
    expect(factsMentionsSecret('my wifi password is hunter22')).toBe(true);
    expect(factsMentionsSecret('i like postal codes')).toBe(false);
  });

  it('says where the names and the values are', () => {
    const folded = 'remember that my wifi password is hunter22 and the door code is 4821';
    expect(credentialNameSpans(folded).map((span) => folded.slice(span.start, span.end))).toEqual(['password', 'door code']);
    const text = 'Pay with 4111 1111 1111 1111, key sk-live-51Habc9XyZ, id AKIAIOSFODNN7EXAMPLE, on 2026-05-08 at 10:30.';
    expect(secretValueSpans(text).map((span) => text.slice(span.start, span.end))).toEqual(
      expect.arrayContaining(['4111 1111 1111 1111', 'sk-live-51Habc9XyZ', 'AKIAIOSFODNN7EXAMPLE']),
    );
    expect(secretValueSpans(text).map((span) => text.slice(span.start, span.end)).join(' ')).not.toMatch(/2026|10:30/);
  });
});
