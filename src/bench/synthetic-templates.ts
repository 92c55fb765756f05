// Sentence templates of the synthetic conversation. Slots: {n} and {m} two nouns of the
// topic, {v} a verb phrase, {a} an adjective, {d} a day, {c} a city, {k} a small number.

export const USER_EN = [
  'Can you help me with the {n}?',
  'I think the {n} is {a} again.',
  'Yesterday I tried to {v} the {n} but it did not work.',
  'Quick question: how long should the {n} take?',
  'I am a bit worried about the {m}, it has been {a} since {d}.',
  'Ok, and what about the {m}?',
  'Thanks, that makes sense.',
  'Should I {v} the {n} before {d} or wait?',
  'My plan is to {v} the {m} on {d}.',
  'Hmm, the {n} still looks {a} to me.',
  'Could you list {k} things I should check on the {n}?',
  'Last time we talked about the {m} and I forgot what we said.',
] as const;

export const ASSISTANT_EN = [
  'Sure. For the {n}, I would start by checking the {m}.',
  'That depends on the {n}: if it is {a}, {v} it first and then look at the {m}.',
  'One option is to {v} the {n} on {d}, which leaves time for the {m}.',
  'Good point. Keep an eye on the {m} and write down what changes.',
  'I would not {v} the {n} yet; it usually settles after a day or two.',
  'Here are {k} things to check: the {n}, the {m}, and whether anything looks {a}.',
  'If the {n} stays {a}, it is worth asking someone who has done it before.',
  'That sounds reasonable. The main risk is the {m}, so plan a little buffer.',
  'You could also {v} the {m} first; it is cheaper to undo.',
] as const;

export const USER_ES = [
  '¿Me ayudás con {n}?',
  'Creo que {n} está {a} otra vez.',
  'Ayer intenté {v} {n} pero no funcionó.',
  '¿Cuánto tiempo debería llevar {n}?',
  'Me preocupa {m}, está {a} desde {d}.',
  'Vale, ¿y qué hacemos con {m}?',
  'Gracias, tiene sentido.',
  '¿Conviene {v} {n} antes de {d} o espero?',
  'Mi idea es {v} {m} {d}.',
] as const;

export const ASSISTANT_ES = [
  'Claro. Para {n}, empezaría por revisar {m}.',
  'Depende de {n}: si está {a}, conviene {v} primero y después mirar {m}.',
  'Una opción es {v} {n} {d}, así queda tiempo para {m}.',
  'Buena idea. Vigilá {m} y anotá qué cambia.',
  'Yo no me apuraría con {n}; suele mejorar en un día o dos.',
  'Si {n} sigue {a}, vale la pena preguntarle a alguien con experiencia.',
] as const;

export const SHIFT_OPENERS_EN = ['On another note, ', 'Changing the subject, ', 'Different topic: ', 'By the way, '] as const;
export const SHIFT_OPENERS_ES = ['Cambiando de tema, ', 'Otra cosa: ', 'Dejando eso de lado, '] as const;

export const FACT_OPENERS_EN = ['Remember that ', 'Please remember that ', 'From now on, keep in mind that '] as const;
export const FACT_OPENERS_ES = ['Recordá que ', 'Recuerda que '] as const;

export const TOOL_QUESTIONS = [
  ['get_weather', 'What is the weather going to be like in {c} on {d}?'],
  ['calendar_list', 'What do I have in my calendar on {d}?'],
  ['search_notes', 'Can you find my notes about the {n}?'],
] as const;
