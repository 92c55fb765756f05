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

  it.each(['Bearer of bad news', 'see https://example.com/path@x', 'request 550e8400-e29b-41d4-a716-446655440000 failed'])('leaves text without one as it is: %s', (text) => {
    expect(maskSecrets(text)).toBe(text);
  });
});
