import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/discardable/secret-mask.js';

// What a discardable record keeps of a credential: its name, never any of its value.
describe('maskSecrets', () => {
  it.each([
    ['password="correct horse battery staple" next', 'password="[redacted]" next'],
    ["password: 'two words' ok", "password: '[redacted]' ok"],
    ['Authorization: Bearer abc123DEF456ghi789 sent', 'Authorization: Bearer [redacted] sent'],
    ['connect postgres://admin:s3cr3t-pw@db.local:5432/app failed', 'connect postgres://admin:[redacted]@db.local:5432/app failed'],
  ])('masks a whole quoted value, a bearer token and a URL\'s password: %s', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it.each([
    ['login failed for user jane with password hunter2', 'login failed for user jane with password [redacted]'],
    ['my password is hunter2', 'my password is [redacted]'],
    ['my password is sunshine, remember it', 'my password is [redacted], remember it'],
    ['mi contraseña es Gato2023', 'mi contraseña es [redacted]'],
    ['clave Luna2025 para el router', 'clave [redacted] para el router'],
    ['retrying (pwd: Perro2024!)', 'retrying (pwd: [redacted])'],
    ['OTP: 739104', 'OTP: [redacted]'],
    ['My 2FA code is 551234', 'My 2FA code is [redacted]'],
    ['Cookie: sessionid=8f7a9c2b1d; theme=dark', 'Cookie: [redacted]; theme=dark'],
    ['GET /me session_id=8f7a9c2b1d 401', 'GET /me session_id=[redacted] 401'],
    ['my bank login is jdoe42', 'my bank login is [redacted]'],
    ['form sent with DNI 12345678Z and NIE X1234567L', 'form sent with DNI [redacted] and NIE [redacted]'],
    ['passport number is X12345678', 'passport number is [redacted]'],
  ])('masks a value a credential\'s name gives in words, or a one-time code, a session id or an identity number: %s', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it.each([
    'Bearer of bad news',
    'see https://example.com/path@x',
    'request 550e8400-e29b-41d4-a716-446655440000 failed',
    'invalid token at line 3',
    'password is incorrect for user jane',
    'the token was not found',
    'password expired on 2026-05-08 at 10:30',
    'la contraseña es obligatoria',
    'Unexpected token \'u\', "undefined" is not valid JSON',
    'Unexpected token } in JSON at position 12',
    'token\n    at parse (/app/src/json.js:12:5)',
    'run pwd in /tmp; order 12345678A shipped for 49.99 EUR',
    'the session id column is missing',
  ])('leaves text without one as it is: %s', (text) => {
    expect(maskSecrets(text)).toBe(text);
  });
});

// A zero-width character inside a credential's name hid it: the value was kept in the log files.
describe('a name with a zero-width character in it', () => {
  it.each([
    ['My passw\u200bord is hunter2', 'My passw\u200bord is [redacted]'],
    ['api\u200d_key=Zx81mmQ2', 'api\u200d_key=[redacted]'],
    ['the wifi pass\u2060word: Gato2023!', 'the wifi pass\u2060word: [redacted]'],
    // Tag characters lie outside the BMP: each is a surrogate pair, a format character only whole.
    ['My passw\u{E0041}ord is hunter2 \u{1F600}', 'My passw\u{E0041}ord is [redacted] \u{1F600}'],
  ])('is read: %j', (text, expected) => {
    expect(maskSecrets(text)).toBe(expected);
  });

  it('changes nothing else in the text', () => {
    expect(maskSecrets('zero\u200bwidth here, nothing secret')).toBe('zero\u200bwidth here, nothing secret');
  });
});
