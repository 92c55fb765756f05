import { describe, expect, it } from 'vitest';
import { readUserMessage } from '../../src/facts/extraction/index.js';

const read = (text: string) => readUserMessage(text, { role: 'user' });

describe('credentials known by their shape or their name are refused', () => {
  it.each([
    ['a card number with spaces', 'Remember that my card is 4111 1111 1111 1111.'],
    ['a card number with dashes', 'Remember that my Visa is 4111-1111-1111-1111.'],
    ['a card number in one run', 'My card is 4111111111111111'],
    ['an Amex number, grouped 4-6-5', 'Remember that my Amex is 3782 822463 10005'],
    ['a Spanish card number', 'Recordá que mi tarjeta es 4111 1111 1111 1111'],
    ['a card number after a verb', 'Remember that I use 4111 1111 1111 1111 for online shopping'],
    ['a login pair', 'Remember that my bank login is jdoe / Tr0ub4dor&3.'],
    ['a login for something', 'Remember that the login for the router is admin / admin'],
    ['a login after a colon', 'Remember that my wifi is HomeNet, login: guest / guest'],
    ['a Spanish login', 'Recordá que mi login del banco es jdoe'],
    ['credentials', 'Remember that my AWS credentials are AKIA1234 / abcd'],
    ['Spanish credentials', 'Recordá que mis credenciales del banco son jdoe / x'],
    ['a user/pass pair', 'Remember that my user/pass is jdoe/hunter'],
    ['usuario y clave', 'Recordá que mi usuario y clave del banco son jdoe / x'],
    ['a safe combination', 'Remember that the safe combination is 12-34-56.'],
    ['a combination given', 'Remember that the combination is 12-34-56'],
    ['a Spanish combination', 'Recordá que la combinación de la caja fuerte es 12-34-56'],
    ['a Spanish combination given', 'Recuerda que la combinación es 12-34-56'],
  ])('%s: %s', (_, text) => {
    expect(read(text)).toMatchObject({ facts: [], refused: true });
  });

  it.each([
    ['a phone number', 'Remember that my phone number is +54 9 11 4111 1111', 'phone'],
    ['a long phone number', 'Remember that my phone is +1 415 555 2671 1234', 'phone'],
    ['a date', 'Remember that my birthday is 1990-05-14', 'birthday'],
    ['an order number that fails the Luhn check', 'Remember that my order number is 1234 5678 9012 3456', 'order number'],
    ['a card-like number that fails the Luhn check', 'Remember that my membership number is 4111 1111 1111 1112', 'membership number'],
    ['the login page', 'Remember that the login page is slow', 'login page'],
    ['a combination of things', 'Remember that I prefer a combination of tea and coffee', 'preference drink'],
  ])('not a credential: %s', (_, text, subject) => {
    expect(read(text)).toMatchObject({ facts: [{ subject }], refused: false });
  });

  it('a login bug is no login', () => {
    expect(read('We decided to fix the login bug first')).toMatchObject({ facts: [{ statement: 'We decided to fix the login bug first' }], refused: false });
  });
});
