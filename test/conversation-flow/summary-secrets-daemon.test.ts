import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { conversation, promptText } from '../helpers/context-calls.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// Credentials the facts tier refuses to store must not be kept by the conversation tier
// either: a summary is durable and is brought back into prompts when a message asks about
// the past. It may say that a wifi password was discussed, never what it is.
const file = daemonPerFile();

const SECRETS = ['hunter22', 'ES9121000418450200051332', '4821', '4111', 'sk-proj-7hG2kQ9xWm4Lp8Rt3Vz6'];

const OTHER_TOPICS: [string, string][] = [
  ['What should I cook for dinner tonight?', 'A mushroom risotto would be quick and warming.'],
  ['How long does risotto take to cook?', 'About twenty-five minutes of stirring.'],
  ['Which wine goes well with the risotto?', 'A dry white such as a Verdejo.'],
  ['Can I make the risotto without wine?', 'Yes, use more stock and a squeeze of lemon.'],
  ['Should I add parmesan at the end?', 'Yes, stir it in off the heat with some butter.'],
];

// Every text column the daemon keeps about a session's summaries, search words included.
function storedSummaryText(dbPath: string): string {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite.prepare('SELECT body, topic, compact_body, search_text FROM summaries').all();
    return JSON.stringify(rows);
  } finally {
    sqlite.close();
  }
}

describe('summaries of turns that gave credentials', () => {
  it('keep what was discussed but no secret value, in prompts and on disk, also after the session ends', async () => {
    const chat = conversation(file.client, 'secrets');
    await chat.say('Remember that my wifi password is hunter22.');
    await chat.reply("I won't store passwords, but I can use it in this conversation.");
    await chat.say('Also my IBAN is ES9121000418450200051332 and the door code is 4821.');
    await chat.reply('Understood, the IBAN and the door code are noted for now.');
    await chat.say('Charge the hotel to my card 4111 1111 1111 1111, and the deploy key is sk-proj-7hG2kQ9xWm4Lp8Rt3Vz6.');
    await chat.reply('I will charge the hotel to that card.');
    for (const [message, reply] of OTHER_TOPICS) {
      await chat.say(message);
      await chat.reply(reply);
    }

    const asked = promptText(await chat.say('What was my wifi password again?', { dryRun: true }));
    // The turns that gave them have left the window: the summary recalled for the question speaks of them.
    expect(asked).toMatch(/wifi password/i);
    expect(asked).not.toContain('Charge the hotel');
    const summaries = storedSummaryText(file.daemon.config.dbPath);
    expect(summaries).toMatch(/IBAN/);
    for (const secret of SECRETS) {
      expect(asked).not.toContain(secret);
      expect(summaries).not.toContain(secret);
    }

    const ended = await file.client.endSession('secrets');
    expect(ended.summariesCreated).toBeGreaterThan(0);
    const afterEnd = promptText(await chat.say('What was my wifi password again?', { dryRun: true }));
    const stored = storedSummaryText(file.daemon.config.dbPath);
    expect(stored).toMatch(/wifi password/i);
    for (const secret of SECRETS) {
      expect(afterEnd).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});
