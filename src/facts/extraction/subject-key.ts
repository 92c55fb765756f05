/**
 * Subject keys: two facts with the same key describe the same thing, so a new value
 * replaces the old one. Keys are English, lowercase, accent-free, whatever the language
 * of the fact ("mi editor" and "my editor" both give "editor").
 */

const DROPPED_WORDS = new Set([
  'a', 'an', 'the', 'my', 'our', 'your', 'this', 'that', 'these', 'those', 'el', 'la', 'los', 'las', 'un', 'una',
  'unos', 'unas', 'mi', 'mis', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'tu', 'tus', 'su', 'sus', 'de', 'del',
  'of', 's',
]);

// Canonical English names for things people state about themselves (folded, determiners dropped).
const SYNONYMS: Readonly<Record<string, string>> = {
  nombre: 'name', 'first name': 'name', apellido: 'last name', surname: 'last name', 'nombre completo': 'full name',
  cumpleanos: 'birthday', 'fecha nacimiento': 'birthday', 'date birth': 'birthday', 'birth date': 'birthday',
  correo: 'email', mail: 'email', 'e mail': 'email', 'correo electronico': 'email', 'email address': 'email',
  telefono: 'phone', 'numero telefono': 'phone', celular: 'phone', movil: 'phone', 'phone number': 'phone',
  'cell phone': 'phone', 'cell number': 'phone', direccion: 'address', 'home address': 'address',
  'editor texto': 'editor', 'text editor': 'editor', 'code editor': 'editor', ide: 'editor',
  'sistema operativo': 'os', 'operating system': 'os', navegador: 'browser', 'web browser': 'browser',
  idioma: 'language', lengua: 'language', 'lengua materna': 'native language', 'native tongue': 'native language',
  'lenguaje programacion': 'programming language', 'zona horaria': 'timezone', 'time zone': 'timezone',
  trabajo: 'job', empleo: 'job', puesto: 'job title', 'job title': 'job title', cargo: 'job title', oficio: 'job',
  empresa: 'employer', company: 'employer', 'mi empresa': 'employer', ciudad: 'city', 'home town': 'hometown',
  'ciudad natal': 'hometown', pais: 'country', barrio: 'neighborhood', neighbourhood: 'neighborhood', edad: 'age',
  jefe: 'boss', jefa: 'boss', esposa: 'wife', mujer: 'wife', esposo: 'husband', marido: 'husband',
  pareja: 'partner', novia: 'girlfriend', novio: 'boyfriend', hermana: 'sister', hermano: 'brother',
  hermanos: 'siblings', madre: 'mother', mama: 'mother', mom: 'mother', mum: 'mother', padre: 'father',
  papa: 'father', dad: 'father', padres: 'parents', hijo: 'son', hija: 'daughter', hijos: 'children',
  kids: 'children', perro: 'dog', perra: 'dog', gato: 'cat', gata: 'cat', mascota: 'pet', amigo: 'friend',
  amiga: 'friend', 'mejor amigo': 'best friend', 'mejor amiga': 'best friend', abuela: 'grandmother',
  abuelo: 'grandfather', grandma: 'grandmother', grandpa: 'grandfather', tio: 'uncle', tia: 'aunt',
  primo: 'cousin', prima: 'cousin', companero: 'coworker', companera: 'coworker', 'co worker': 'coworker',
  colleague: 'coworker', colega: 'coworker', 'companero trabajo': 'coworker', vecino: 'neighbor',
  vecina: 'neighbor', neighbour: 'neighbor', 'companero cuarto': 'roommate', roomie: 'roommate',
  matricula: 'license plate', placa: 'license plate', 'license plate number': 'license plate', 'number plate': 'license plate',
  'licence plate': 'license plate', 'plate number': 'license plate', 'fecha de nacimiento': 'birthday',
  tema: 'theme', fuente: 'font', equipo: 'team', 'equipo favorito': 'favorite team', cancion: 'song',
  pelicula: 'movie', film: 'movie', libro: 'book', deporte: 'sport', bebida: 'drink', comida: 'food',
  banda: 'band', musica: 'music', meta: 'goal', objetivo: 'goal', dieta: 'diet', 'fave': 'favorite',
  // What a bilingual user names in either language ("my car" / "mi coche"), so that a
  // correction in one replaces the fact told in the other.
  coche: 'car', carro: 'car', auto: 'car', automovil: 'car', moto: 'motorcycle', motocicleta: 'motorcycle',
  motorbike: 'motorcycle', bici: 'bike', bicicleta: 'bike', bicycle: 'bike', portatil: 'laptop', 'ordenador portatil': 'laptop',
  'computadora portatil': 'laptop', ordenador: 'computer', computadora: 'computer', computador: 'computer',
  // A mobile number keeps the key of a phone number, apart from the phone itself: "My phone is an
  // iPhone 15" does not replace "My mobile number is 555-1234".
  'mobile phone': 'phone', mobile: 'phone', cellphone: 'phone', 'telefono movil': 'phone', 'telefono celular': 'phone',
  'numero movil': 'phone number', 'numero celular': 'phone number', 'numero telefono movil': 'phone number', domicilio: 'address',
  'correo electronico personal': 'personal email', gimnasio: 'gym', banco: 'bank', medico: 'doctor',
  medica: 'doctor', doctora: 'doctor', 'medico cabecera': 'doctor', 'medica cabecera': 'doctor', gp: 'doctor',
  dentista: 'dentist', odontologo: 'dentist', odontologa: 'dentist', terapeuta: 'therapist', psicologo: 'psychologist',
  psicologa: 'psychologist', escuela: 'school', colegio: 'school', universidad: 'university', uni: 'university',
  'trabajo actual': 'job', profesion: 'job', profession: 'job', occupation: 'job', ocupacion: 'job', rol: 'role',
  'ciudad residencia': 'city', sobrino: 'nephew', sobrina: 'niece', nieto: 'grandson', nieta: 'granddaughter',
  nietos: 'grandchildren', suegra: 'mother in law', suegro: 'father in law', suegros: 'in laws', cunado: 'brother in law',
  cunada: 'sister in law', prometido: 'fiance', prometida: 'fiancee', gemelo: 'twin', gemela: 'twin',
  madrastra: 'stepmother', padrastro: 'stepfather', hijastro: 'stepson', hijastra: 'stepdaughter', madrina: 'godmother',
  padrino: 'godfather', nuera: 'daughter in law', yerno: 'son in law', conyuge: 'spouse', entrenador: 'coach',
  entrenadora: 'coach', profesor: 'teacher', profesora: 'teacher', profe: 'teacher', maestro: 'teacher', maestra: 'teacher',
  alumno: 'student', alumna: 'student', estudiante: 'student', 'companero clase': 'classmate', 'companera clase': 'classmate',
  'companera cuarto': 'roommate', 'companero piso': 'roommate', 'companera piso': 'roommate', flatmate: 'roommate',
  housemate: 'roommate', gerente: 'manager', responsable: 'manager', colour: 'color', flavour: 'flavor',
  sabor: 'flavor', cantante: 'singer', escritor: 'author', escritora: 'author', autor: 'author', autora: 'author',
  writer: 'author', actriz: 'actor', actress: 'actor', juego: 'game', videojuego: 'video game', serie: 'show',
  'tv show': 'show', 'serie tv': 'show', 'programa tv': 'show', postre: 'dessert', plato: 'dish', fruta: 'fruit',
  flor: 'flower', cerveza: 'beer', vino: 'wine', restaurante: 'restaurant', artista: 'artist', jugador: 'player',
  jugadora: 'player', raza: 'breed', apodo: 'nickname', mote: 'nickname', 'nombre usuario': 'username',
  // Things of a day and of travel: "la reunión es a las 9" and "the meeting is at 10 now"
  // are one subject, "mi vuelo" and "my flight" too.
  reunion: 'meeting', vuelo: 'flight', asiento: 'seat', tren: 'train', avion: 'plane',
};

// Words that name something else outside "favorite…": "mi grupo favorito" is a band, "mi
// grupo sanguíneo" a blood type.
const FAVORITE_SYNONYMS: Readonly<Record<string, string>> = {
  grupo: 'band', 'grupo musica': 'band', 'grupo musical': 'band', estacion: 'season', ano: 'year', series: 'show',
};

/** People (and pets): "my sister is…" says something about them, not a single-valued slot. */
export const PERSON_KEYS: ReadonlySet<string> = new Set([
  'mother', 'father', 'parents', 'sister', 'brother', 'siblings', 'wife', 'husband', 'partner', 'girlfriend',
  'boyfriend', 'son', 'daughter', 'children', 'kid', 'baby', 'friend', 'best friend', 'boss', 'manager', 'coworker',
  'dog', 'cat', 'pet', 'grandmother', 'grandfather', 'aunt', 'uncle', 'cousin', 'roommate', 'neighbor', 'family',
  'teacher', 'doctor', 'therapist', 'fiance', 'fiancee', 'niece', 'nephew', 'twin', 'stepmother', 'stepfather',
  'grandson', 'granddaughter', 'grandchild', 'stepson', 'stepdaughter', 'mother in law', 'father in law', 'in laws',
  'sister in law', 'brother in law', 'student', 'classmate', 'coach', 'ex', 'ex wife', 'ex husband', 'baby', 'spouse',
  'significant other', 'hubby', 'wifey', 'bf', 'gf', 'daughter in law', 'son in law', 'godmother', 'godfather',
]);

// Groups of people ("my students are…", "my clients are…"): what is said of them is theirs.
const PERSON_GROUPS: ReadonlySet<string> = new Set([
  'students', 'children', 'grandchildren', 'grandkids', 'relatives', 'in-laws', 'employees', 'clients', 'customers',
  'patients', 'boys', 'girls', 'pets',
]);

/**
 * Whether a key names a person, a pet or a group of them ("sister", "my older sister",
 * "sons", "clients"): what they are or do is theirs, not a value of one of the user's slots.
 */
export function isPersonKey(key: string): boolean {
  return personNoun(key) !== null || PERSON_GROUPS.has(key);
}

/**
 * The person (or pet) a key names: the whole key ("best friend"), else its last word, as
 * written or singular ("my older sister", "my fifth son", "sons"; "boss" is no plural), or
 * null when it names none.
 */
export function personNoun(key: string): string | null {
  const last = key.split(' ').at(-1) ?? key;
  for (const candidate of [key, last, singular(key), singular(last)]) if (PERSON_KEYS.has(candidate)) return candidate;
  return null;
}

function singular(word: string): string {
  return word.replace(/ies$/u, 'y').replace(/s$/u, '');
}

// Words that say the person named is the one of now, as the bare noun does ("my new boss is Marta").
const NOW_QUALIFIERS: ReadonlySet<string> = new Set(['new', 'current', 'present', 'nuevo', 'nueva', 'actual']);
// Words that say the person named is one of before ("my old boss", "mi antiguo jefe": "former boss").
const FORMER_QUALIFIERS: ReadonlySet<string> = new Set(['former', 'old', 'previous', 'ex', 'antiguo', 'antigua', 'anterior']);

/**
 * A possessed noun's key with the person it names last, as the other keys have it: Spanish
 * puts the adjective after the noun ("mi hermana mayor", "mi jefe nuevo" are "sister
 * mayor", "boss nuevo"; as "my older sister", "my new boss", "mayor sister", "nuevo boss"),
 * and without the words that only say the person is the one of now ("nuevo boss" is
 * "boss"). "My old boss", "mi antiguo jefe" are another person: "former boss".
 */
export function personLast(key: string, language: 'en' | 'es'): string {
  let words = key.split(' ');
  if (language === 'es' && words.length > 1 && personNoun(key) === null) {
    const lead = words.findIndex((_, i) => i > 0 && personNoun(words.slice(0, i).join(' ')) === words.slice(0, i).join(' '));
    if (lead > 0) words = [...words.slice(lead), ...words.slice(0, lead)];
  }
  const person = personNoun(words.join(' '));
  if (person === null) return words.join(' ');
  const qualifiers = words.slice(0, words.length - person.split(' ').length);
  if (qualifiers.length === 0) return canonicalPerson(person);
  // A new dog is one more dog, maybe; a new boss is the boss.
  if (!ONE_OF_A_KIND.has(person)) return words.join(' ');
  if (qualifiers.every((word) => NOW_QUALIFIERS.has(word))) return canonicalPerson(person);
  if (qualifiers.every((word) => FORMER_QUALIFIERS.has(word))) return `former ${canonicalPerson(person)}`;
  return words.join(' ');
}

/**
 * People one has one of at a time: "my manager is Marta" names them, and replaces the name
 * given before ("actually, my manager is Marta now").
 */
export const ONE_OF_A_KIND: ReadonlySet<string> = new Set([
  'wife', 'husband', 'partner', 'spouse', 'girlfriend', 'boyfriend', 'fiance', 'fiancee', 'boss', 'manager', 'therapist',
  'doctor', 'hubby', 'wifey', 'bf', 'gf', 'significant other',
]);
// Person keys that are no one of several either: parents, a family, and pets (a pet's name
// is its own slot: "my dog is called Rex", then "mi perro se llama Toby").
const NOT_ONE_OF_SEVERAL: ReadonlySet<string> = new Set([
  'mother', 'father', 'parents', 'family', 'stepmother', 'stepfather', 'mother in law', 'father in law', 'in laws', 'dog',
  'cat', 'pet',
]);
const NAME_SLOT = / (?:(?:first|last|full|middle) )?(?:nick)?name$/u;

/**
 * Whether a key names one of several people one may have ("sister", "older brother",
 * "friend"), or such a person's name ("sister name"): a second sister's name is not a new
 * value of the first's, so such a key is never a slot with one value.
 */
export function namesOneOfSeveral(key: string): boolean {
  // "my older sister", "my fifth son": still a sister, a son.
  const noun = personNoun(key.replace(NAME_SLOT, ''));
  return noun !== null && !ONE_OF_A_KIND.has(noun) && !NOT_ONE_OF_SEVERAL.has(noun);
}

/** Words of a folded phrase without determiners and possessives. */
export function contentWords(folded: string): string[] {
  return folded
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word.length > 0 && !DROPPED_WORDS.has(word));
}

// The one person at work one answers to, whatever the word ("boss", "manager", "jefe",
// "jefa", "gerente"): "Mi jefe se llama Andrés" and "actually, my manager is Carla now" are
// one subject. Only the word opening a key: "project manager", "account manager" name
// someone else, and keep their own key.
const BOSS_WORDS: ReadonlySet<string> = new Set(['manager', 'boss']);
const BOSS = 'boss';

function canonicalPhrase(phrase: string): string {
  const direct = SYNONYMS[phrase];
  if (direct !== undefined) return canonicalPerson(direct);
  const words = phrase.split(' ').map((word) => SYNONYMS[word] ?? word);
  return [canonicalPerson(words[0] ?? ''), ...words.slice(1)].join(' ');
}

function canonicalPerson(word: string): string {
  return BOSS_WORDS.has(word) ? BOSS : word;
}

/**
 * The canonical key of a noun phrase ("mi color favorito" → "favorite color",
 * "my dog's name" → "dog name"). Spanish "X favorito" is reordered to "favorite X".
 */
export function nounKey(folded: string): string {
  let words = contentWords(folded);
  const favoriteAt = words.findIndex((word) => /^(?:favorit[oa]s?|preferid[oa]s?)$/u.test(word));
  if (favoriteAt > 0) words = ['favorite', ...words.filter((_, i) => i !== favoriteAt)];
  words = words.map((word) => (/^favou?rites?$|^fave$/u.test(word) ? 'favorite' : word));
  const phrase = canonicalPhrase(words.join(' '));
  if (phrase.startsWith('favorite ')) {
    const thing = phrase.slice('favorite '.length);
    return `favorite ${FAVORITE_SYNONYMS[thing] ?? canonicalPhrase(thing)}`;
  }
  return phrase;
}

// How to reach or identify the user, by what the value looks like: an email address, a
// phone number, a date of birth (a date with its year), a street address (a number before
// the street, or a street's word and a number: "12 Oak Road", "Calle Mayor 5"), a number
// plate. "My email is Gmail", "my phone is a Pixel 8", "my birthday is March 3", "I live in
// District 9" are none.
const EMAIL_VALUE = /[^\s@]@[^\s@]+\.[^\s@]/u;
const PHONE_VALUE = /(?:\d[\s().-]{0,2}){6,}/u;
const YEAR = /\b(?:19|20)\d{2}\b/u;
const STREET_ADDRESS = /^\d+[a-z]?\s+\p{L}|\b(?:calle|c\/|avenida|avda|av|plaza|paseo|camino|carrer|rua|street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way)\b.*\d/iu;

/**
 * Whether a fact of `subject` with `value` is a contact or identity detail, the user's or a
 * relative's, by the value's shape (an address, a phone number, an email address, a date
 * of birth, a number plate, a home given as a street address: "I live in 12 Oak Road"),
 * which memoryd keeps only when asked to remember it, or as a new value of one it keeps.
 */
export function isPrivateDetail(subject: string, value: string | null): boolean {
  // "wife email", "son birthday": someone's, the user's or a relative's.
  const slot = subject === 'license plate' || subject.endsWith(' license plate') ? 'license plate' : (subject.split(' ').at(-1) ?? subject);
  if (slot === 'license plate' || slot === 'address') return true;
  if (value === null) return false;
  if (slot === 'email') return EMAIL_VALUE.test(value);
  if (slot === 'phone') return PHONE_VALUE.test(value);
  if (slot === 'birthday') return YEAR.test(value);
  return slot === 'home' && STREET_ADDRESS.test(value);
}

/**
 * The value of a note that its negation contradicts ("I (don't) like jazz", "(no) me gusta
 * el jazz"): its key's words, after "no" when negated, so that every wording of one
 * polarity has the same value and the other polarity another.
 */
export function polarValue(keyWords: readonly string[], negated: boolean): string {
  return `${negated ? 'no ' : ''}${keyWords.join(' ')}`;
}

/** A short key for free text that has no canonical subject: unique per wording, so it never collides. */
export function textKey(folded: string, maxWords = 8): string {
  return contentWords(folded).slice(0, maxWords).join(' ');
}
