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
  tema: 'theme', fuente: 'font', equipo: 'team', 'equipo favorito': 'favorite team', cancion: 'song',
  pelicula: 'movie', film: 'movie', libro: 'book', deporte: 'sport', bebida: 'drink', comida: 'food',
  banda: 'band', musica: 'music', meta: 'goal', objetivo: 'goal', dieta: 'diet', 'fave': 'favorite',
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
  const singular = key.replace(/ies$/u, 'y').replace(/s$/u, '');
  // "my older sister", "my fifth son": still a person.
  const last = singular.split(' ').at(-1) ?? singular;
  return PERSON_KEYS.has(key) || PERSON_KEYS.has(singular) || PERSON_KEYS.has(last) || PERSON_GROUPS.has(key);
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
  const person = key.replace(NAME_SLOT, '');
  // "my older sister", "my fifth son": still a sister, a son.
  const noun = PERSON_KEYS.has(person) ? person : (person.split(' ').at(-1) ?? person);
  return PERSON_KEYS.has(noun) && !ONE_OF_A_KIND.has(noun) && !NOT_ONE_OF_SEVERAL.has(noun);
}

/** Words of a folded phrase without determiners and possessives. */
export function contentWords(folded: string): string[] {
  return folded
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word.length > 0 && !DROPPED_WORDS.has(word));
}

function canonicalPhrase(phrase: string): string {
  const direct = SYNONYMS[phrase];
  if (direct !== undefined) return direct;
  return phrase
    .split(' ')
    .map((word) => SYNONYMS[word] ?? word)
    .join(' ');
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
  if (phrase.startsWith('favorite ')) return `favorite ${canonicalPhrase(phrase.slice('favorite '.length))}`;
  return phrase;
}

/** A short key for free text that has no canonical subject: unique per wording, so it never collides. */
export function textKey(folded: string, maxWords = 8): string {
  return contentWords(folded).slice(0, maxWords).join(' ');
}
