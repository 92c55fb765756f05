import { describe, expect, it } from 'vitest';
import { credentialNameSpans, foldForCredentials, mentionsSecret, secretValueSpans } from '../../src/credentials.js';

const names = (text: string): boolean => mentionsSecret(foldForCredentials(text));
const values = (text: string): string[] => secretValueSpans(text).map((span) => text.slice(span.start, span.end));

// One-time codes, identity numbers and session credentials: the facts tier refuses a
// statement that names one, as it does a password (memory spec §1.2).
describe('the credential detection: one-time codes, identity numbers, sessions', () => {
  it.each([
    'My 2FA code is 551234',
    'OTP: 739104',
    'my OTP is 739104',
    'El código de verificación que me llegó es 739104',
    'the one-time password from the bank is 118822',
    'Mi DNI es 12345678Z',
    'my NIE is X1234567L',
    'my passport number is X12345678',
    'mi número de pasaporte es AAB123456',
    'mi pasaporte es AAB123456',
    'Recuerda que mi DNI es 12.345.678-Z',
    'Passport No. AB1234567',
    'my passport nº is AB1234567',
    'mi número de la seguridad social es 281234567840',
    'seguridad social 281234567840',
    'pwd: Perro2024!',
    'my pwd is Perro2024!',
    'sessionid=8f7a9c2b1d',
    'session_id=8f7a9c2b1d',
    'Cookie: theme=dark',
  ])('names one: %s', (text) => {
    expect(names(text)).toBe(true);
  });

  it.each([
    'My passport expires in May 2027',
    'Tengo que renovar el DNI en 2026',
    'pago la seguridad social cada mes, unos 300 euros',
    'run pwd to see the folder',
    'I baked 12 chocolate cookies for the party',
    'the session id column is a UUID',
    'Order 12345678A ships on Friday at 10:30',
    'Flight IB3170 leaves at 07:45 from gate 12',
    'The invoice 2026-00123 is 49.99 euros',
    'Nie wiem, 12 razy',
    'the price is 12.345.678 euros',
    // A one-time code or a session id is a credential with its value, not as a topic.
    'We decided to use TOTP for 2FA',
    'Remember that the session id is stored in Redis',
    'Explain how OTP works',
  ])('names none: %s', (text) => {
    expect(names(text)).toBe(false);
  });

  it('finds a DNI or NIE by its shape and check letter, and no other run of digits and a letter', () => {
    expect(values('Put 12345678Z, 87654321-X and x1234567l on the form.')).toEqual(['12345678Z', '87654321-X', 'x1234567l']);
    expect(values('Order 12345678A, NIE X1234567A, 123456789Z and A12345678Z.')).toEqual([]);
  });

  it('finds a URL\'s password and a bearer token, and not the rest of the URL or a bearer of news', () => {
    expect(values('postgres://admin:S3cr3tP4ss@db.internal:5432/prod and Authorization: Bearer abc123DEF456ghi789')).toEqual(['S3cr3tP4ss', 'abc123DEF456ghi789']);
    // A URL with a password and no user.
    expect(values('REDIS_URL=redis://:mypassword7@cache.local:6379')).toEqual(['mypassword7']);
    expect(values('see https://example.com/path@x, the bearer of bad news, http://admin@host:8080/')).toEqual([]);
  });

  it('keeps the names of identity documents to themselves, not their numbers', () => {
    const folded = 'mi pasaporte es aab123456';
    expect(credentialNameSpans(folded).map((span) => folded.slice(span.start, span.end))).toEqual(['pasaporte']);
  });

});
