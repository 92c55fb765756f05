import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { detectPastReference } from '../../src/compiler/past-reference.js';

const now = Date.UTC(2026, 10, 22, 15);
const today = Date.UTC(2026, 10, 22);

describe('questions about the past', () => {
  it.each([
    'What did we decide yesterday about the deployment?',
    'How did the deployment decision end up?',
    'When did Caroline go to the LGBTQ support group?',
    'What was the name of the restaurant?',
    'Remind me what we discussed last week',
    'We talked about this three days ago, right? 3 days ago',
    '¿Qué decidimos ayer sobre el despliegue?',
    '¿Cuándo fue la reunión con el cliente?',
    'Hace dos semanas hablamos de esto',
  ])('are recognised: %s', (message) => {
    expect(detectPastReference(message, now)).not.toBeNull();
  });

  it.each(['How do I renew my passport?', 'Write a haiku about rain', '¿Cómo instalo PostgreSQL?', 'I prefer tea over coffee.'])(
    'are not seen where there are none: %s',
    (message) => {
      expect(detectPastReference(message, now)).toBeNull();
    },
  );

  it('turn yesterday, ayer and last week into UTC day ranges', () => {
    expect(detectPastReference('what did we say yesterday?', now)?.range).toEqual({ from: today - DAY_MS, to: today - 1 });
    expect(detectPastReference('¿de qué hablamos ayer?', now)?.range).toEqual({ from: today - DAY_MS, to: today - 1 });
    expect(detectPastReference('the plan from last week', now)?.range).toEqual({ from: today - 7 * DAY_MS, to: today - 1 });
    expect(detectPastReference('what did we decide about the logo?', now)?.range).toBeNull();
  });
});
