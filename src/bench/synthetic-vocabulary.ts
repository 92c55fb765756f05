/** The words one topic of the synthetic conversation is made of. */
export interface SyntheticTopic {
  name: string;
  language: 'en' | 'es';
  nouns: readonly string[];
  /** Verb phrases in the base form ("roll back", "revisar"). */
  verbs: readonly string[];
  adjectives: readonly string[];
}

export const DAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'the weekend', 'next week', 'tomorrow'] as const;
export const DAYS_ES = ['el lunes', 'el martes', 'el miércoles', 'el jueves', 'el viernes', 'el finde', 'la semana que viene', 'mañana'] as const;
export const CITIES = ['Lisbon', 'Madrid', 'Buenos Aires', 'Berlin', 'Porto', 'Valencia', 'Montevideo', 'Toronto'] as const;

export const TOPICS: readonly SyntheticTopic[] = [
  {
    name: 'deployment',
    language: 'en',
    nouns: ['staging server', 'Kubernetes cluster', 'CI pipeline', 'database migration', 'release branch', 'load balancer', 'feature flag', 'Postgres replica', 'on-call rotation', 'rollback plan'],
    verbs: ['roll back', 'deploy', 'migrate', 'monitor', 'restart', 'scale up', 'pin', 'double-check'],
    adjectives: ['flaky', 'slow', 'stable', 'broken', 'half-finished', 'risky', 'green again'],
  },
  {
    name: 'typescript',
    language: 'en',
    nouns: ['type error', 'unit test', 'SQLite query', 'async function', 'memory leak', 'tsconfig', 'zod schema', 'test fixture', 'ESM import', 'build script'],
    verbs: ['refactor', 'debug', 'rename', 'split', 'profile', 'rewrite', 'type-check', 'simplify'],
    adjectives: ['confusing', 'too long', 'strict', 'brittle', 'clean', 'noisy', 'generic'],
  },
  {
    name: 'cooking',
    language: 'en',
    nouns: ['sourdough starter', 'tomato sauce', 'mushroom risotto', 'cast-iron pan', 'lentil soup', 'spice mix', 'pizza dough', 'oven', 'grocery list', 'dinner party'],
    verbs: ['bake', 'season', 'prep', 'simmer', 'freeze', 'replace', 'taste', 'plan'],
    adjectives: ['too salty', 'dense', 'perfect', 'bland', 'crispy', 'overcooked', 'easy'],
  },
  {
    name: 'travel',
    language: 'en',
    nouns: ['flight', 'hotel booking', 'train ticket', 'passport', 'itinerary', 'museum pass', 'rental car', 'packing list', 'travel insurance', 'layover'],
    verbs: ['book', 'cancel', 'change', 'pack', 'confirm', 'compare', 'upgrade', 'print'],
    adjectives: ['expensive', 'delayed', 'cheaper', 'fully booked', 'refundable', 'tight', 'comfortable'],
  },
  {
    name: 'fitness',
    language: 'en',
    nouns: ['marathon plan', 'knee', 'interval run', 'gym routine', 'protein intake', 'yoga class', 'rest day', 'running shoes', 'heart rate', 'long run'],
    verbs: ['stretch', 'skip', 'increase', 'track', 'train for', 'ice', 'schedule', 'ease off'],
    adjectives: ['sore', 'faster', 'exhausting', 'manageable', 'too much', 'steady', 'better'],
  },
  {
    name: 'finances',
    language: 'en',
    nouns: ['monthly budget', 'savings account', 'rent', 'index fund', 'tax return', 'credit card bill', 'emergency fund', 'insurance', 'salary', 'subscriptions'],
    verbs: ['cut', 'review', 'pay off', 'move', 'file', 'cancel', 'split', 'automate'],
    adjectives: ['too high', 'overdue', 'reasonable', 'confusing', 'lower', 'fixed', 'variable'],
  },
  {
    name: 'garden',
    language: 'en',
    nouns: ['tomato plants', 'compost bin', 'raised bed', 'basil', 'watering schedule', 'seedlings', 'aphids', 'lemon tree', 'mulch', 'balcony pots'],
    verbs: ['water', 'prune', 'repot', 'fertilise', 'harvest', 'protect', 'move', 'cover'],
    adjectives: ['yellowing', 'thriving', 'dry', 'overgrown', 'healthy', 'wilted', 'ready'],
  },
  {
    name: 'family',
    language: 'en',
    nouns: ["sister's birthday", "kids' school", "parents' visit", 'family dinner', 'gift', 'babysitter', 'holiday plans', 'group chat', 'photo album', 'weekend trip'],
    verbs: ['organise', 'call', 'surprise', 'invite', 'postpone', 'remind', 'host', 'pick up'],
    adjectives: ['stressful', 'lovely', 'last-minute', 'complicated', 'fun', 'quiet', 'busy'],
  },
  {
    name: 'music',
    language: 'en',
    nouns: ['guitar practice', 'chord progression', 'concert tickets', 'playlist', 'piano lesson', 'metronome', 'new album', 'band rehearsal', 'amplifier', 'song lyrics'],
    verbs: ['practise', 'learn', 'record', 'tune', 'rehearse', 'transpose', 'share', 'listen to'],
    adjectives: ['tricky', 'catchy', 'out of tune', 'beautiful', 'repetitive', 'loud', 'relaxing'],
  },
  {
    name: 'viaje',
    language: 'es',
    nouns: ['el vuelo a Madrid', 'la reserva del hotel', 'el billete de tren', 'el pasaporte', 'el itinerario', 'la maleta', 'el seguro de viaje', 'la visita al Prado', 'el alquiler del coche', 'la escala'],
    verbs: ['reservar', 'cancelar', 'cambiar', 'confirmar', 'comparar', 'preparar', 'revisar', 'pagar'],
    adjectives: ['caro', 'complicado', 'más barato', 'completo', 'cómodo', 'justo', 'pendiente'],
  },
  {
    name: 'trabajo',
    language: 'es',
    nouns: ['la reunión con el equipo', 'el informe trimestral', 'el presupuesto', 'el cliente nuevo', 'el plazo de entrega', 'la presentación', 'el contrato', 'el correo del jefe', 'el proyecto', 'la evaluación anual'],
    verbs: ['preparar', 'revisar', 'enviar', 'posponer', 'terminar', 'negociar', 'organizar', 'corregir'],
    adjectives: ['urgente', 'largo', 'complicado', 'listo', 'atrasado', 'importante', 'claro'],
  },
  {
    name: 'cocina',
    language: 'es',
    nouns: ['la receta de paella', 'la tortilla de patatas', 'el horno', 'la lista de la compra', 'la salsa de tomate', 'el pan casero', 'la cena del sábado', 'el pollo al horno', 'la ensalada', 'el postre'],
    verbs: ['cocinar', 'probar', 'comprar', 'preparar', 'congelar', 'cambiar', 'hornear', 'servir'],
    adjectives: ['salado', 'rico', 'fácil', 'seco', 'perfecto', 'soso', 'rápido'],
  },
];

/** Facts the user asks to remember, as `[subject, values]`; the statement picks one value. */
export const FACT_SUBJECTS_EN: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['my dentist appointment is', ['on Thursday at 10', 'next Monday', 'on the 14th']],
  ['my favourite editor is', ['Neovim', 'VS Code', 'Helix']],
  ['my sister lives in', ['Lisbon', 'Berlin', 'Toronto']],
  ['I am allergic to', ['peanuts', 'penicillin', 'cats']],
  ['our team uses', ['Postgres for everything', 'Kubernetes for deploys', 'pnpm']],
  ['my running goal is', ['a sub-4-hour marathon', '30 km a week', 'a 10k in 50 minutes']],
];

export const FACT_SUBJECTS_ES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['mi hermana vive en', ['Valencia', 'Montevideo', 'Madrid']],
  ['mi color favorito es', ['el verde', 'el azul', 'el rojo']],
  ['el alquiler vence', ['el día 5', 'a fin de mes', 'el día 10']],
];
