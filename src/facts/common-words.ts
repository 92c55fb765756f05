import { stem } from './fact-words.js';

// Common words of English and Spanish (folded), besides the function words `contentStems`
// drops: everyday words, then those of the subjects facts are about (work, code, health,
// family); and Spanish ones. A message sharing one of them with a fact only brushes
// against it; any other word is the kind that tells one fact from the rest: a name, a
// place, a drug, a tool. Their inflections are added when the set is built (`commonStems`).
const COMMON_ENGLISH_WORDS = `
  able absolutely accept access accident account achieve across act action active actually add address adopt
  adorable adventure advice affect after afternoon again against age agency ago agree ahead aim ain air airport
  alive all allow almost alone along already alright although amazing among amount analyse analysis analyze animal
  anniversary another answer any anyone anything anyway anywhere app appear apply appointment appreciate april area
  aren argue arm around arrive art article artist ask asked asking asleep assist ate atmosphere attack attention
  attitude audience august aunt authentic available avoid awareness away awe awesome aww baby back backup bad bag
  balance ball band bank bar base basic bath bathroom battery beach beat beautiful because become bed bedroom beer
  before began begin beginner begun behind believe below beside best bet better between beyond big bike bill
  birthday bit black blast blend blessed blood blue board boat body bold bond bone book boost boot boring born boss
  both bottle bottom bought bounce bowl box boy brain branch brand brave bread break breakfast breathe breathing
  bright brighten bring broke brother brought brown btw buddy budget bug build building built bummer bump bunch bus
  business busy buy bye cake call called calm came camera camp can capture car card care careful carry case cat
  catch cause celebrate celebration center centre certain chair challenge chance change channel chapter charge chase
  chat cheap check cheer cheese cherish chicken child children chill choice choose chose church city class clean
  clear client climb clock close clothes cloud club coast code coffee cold colleague collect color colour come
  comfort comfy comment common community company complete computer concern concert condition config configure
  congrats congratulations connect consider contact content continue control conversation cook cool copy corner
  correct cost could couldn count country couple courage course cousin cover cozy crazy create crowd crucial cup
  current customer cut dad daily damage dance dangerous dark dash data database date daughter day dead deal dear
  december decide decision dedicated deep default definitely degree delete deliver department deploy deployment
  describe deserve design desk detail determined develop developer device didn die diet different difficult dinner
  direction dirty discover discuss doctor document doesn dog doing dollar done door double doubt down draw dream
  dress drew drink drive drop drug dry due during each ear early earn easy eat edit editor education effect effort
  egg eight either else email embrace emotion emotional empower empty encourage end energy engine engineer enjoy
  enough enter enthusiasm entire environment error escape especially essential even evening event ever every
  everyone everything exactly example except excited exciting exercise exist expect expensive experience explain
  explore express expression extra eye face fact fail fair faith fall fam family famous fan fancy fantastic far farm
  fast fat father fav fave favorite favourite fear feature february feed feedback feel fell felt festival fever few
  field fight figure file fill final finally find fine finger finish fire first fish fit five fix flag flat flight
  floor flower fly focus focused folk folks follow food foot force forest forever forget form forward found four
  free fresh friday friend front fruit fulfill fulfilling full fun function fund funny future fyi gain game garden
  gas gather gave general get gift girl give glad glass go goal god going gone gonna good gorgeous got gotta gotten
  grace grateful gratitude great green grew ground group grow growth guess guidance guide guts guy gym habit hadn
  hair half hand handle hang happen happy hard hasn hate haven having he head health healthy hear heard heart heat
  heavy hectic held hell hello help helpful hers herself hey hi high highlight hike hill him himself history hit
  hobby hold holiday home honor hope hopeful hospital hot hotel hour house however huge huh human hundred hungry
  hunt hurdle hurry hurt husband hustle idea ideal identity imagine impact important impress impressive improve
  include increase individual infection influence info information initiative inner inside inspiration inspire
  inspiring instead instructor intense interest interesting internet inviting involve involved isn issue item itself
  january job join joke journey joy joyful juice july jump june keen keep kept key kick kid kids kill kind kinda
  kindness kitchen knee knew know known kudos lack lady lake language large last late lately later latest laugh law
  lead lean learn least leave led left leg lend less lesson let lets letter level library lie life lift light like
  limit line link list listen little live lively load local lock lol long look looked lose lost lot lots loud love
  lovely low luck lucky lunch machine made magic magical mail main make man manage manager many map march market
  married match matter may maybe meal mean meant measure meat media medicine meet meeting member memory mental
  mention mentor message met method metric middle midnight might mile milestone milk million mind minute miss
  mistake mix modern mom moment monday money month mood moon more morning most mother motivate motivated motivation
  mountain mouth move movie much museum music must mustn myself nah name nature near nearby nearly neat neck need
  needed needn negative neighbor neighbour nerve nervous network never new news next nice night nine none noon
  normal nose note nothing notice november number nurse object obstacle obvious october off offer office often oil
  ok okay old once one online only onto oof open opportunity optimistic option order organization organize other
  ourselves out outdoor outdoors outlet outlook outside overwhelmed own page paid pain paint pair pal paper parent
  park part partner party pass past path patient pattern pay peace people per perfect perform perhaps period person
  perspective pet phone photo physical pic pick picnic pics picture piece pill pitch place plan plant platform play
  please plenty plus point police pool poor pop popular pose positive possible post pot potential power practice
  prefer prepare present pretty price print prioritize private prob probably problem process product production
  program project promise promote proper pros proud provide public pull pumped pup purpose pursue push put quality
  question quick quiet quit quite race rain rainbow raise ran rather reach read ready real really reason receive
  recent recipe recognize recommend red reflect refresh regular related relationship relax release relief rely
  remain remember remind reminder remove rent repeat reply report represent request require rescue research reset
  resident resilience resource respect response rest restaurant result return review rewarding rich ride right ring
  rise risk road rock room root rough round routine rule run sad safe said sale salt same sat satisfy saturday save
  saw say scared scary school science screen script sea search season seat second see seem seemed seen self sell
  send sense sent september serious serve server service session set setback seven several shape share she shine
  shirt shoe shop short shot should shoulder shouldn show shower shown sick side sign silly similar simple since
  sing single sister sit situation six size skill skin sky sleep slow small smell smile snow social soft solution
  some someone something sometimes son song soon sorry sort soul sound soup source space spark speak special spend
  spent spirit spoke sport spot spread spring staff stage stand standup star start state stay step stick stoked
  stomach stood stop store story strategy streak street strength stress stressful stretch strive strong struggle
  student study stuff stunning stupid style subject success such sugar suggest summer sun sunday sunset super
  support supportive sure surprise surround sweet swim switch symbol system table tackle take talent talk tall task
  taste taught tea teach teacher team tech tell ten test text thank thanks theirs them themselves they thing things
  think thirsty though thought thousand three thrilled through throw thursday ticket time times tiny tip tired today
  together told tomorrow ton tonight too tool tooth top total touch tough toward towards town track train transition
  travel treat tree trend trendy tricky tried trip trouble true truly trust truth try tuesday tune turn twice two
  type ugly uncle under understand understood unfortunately unique unity universe unknown unless until up update
  upon upset us use useful usual usually vacation value version very via vibe vibes vibrant vid video view vision
  visit visual vital vivid voice wait wake walk wall wanna want wanted war warm warmth wash wasn watch water way we
  wear weather web website wedding wednesday week weekend weight welcome well wellbeing went weren wet whenever
  whether while white whoa whole wife wild will win window wine winter wish within without witness woah woman won
  wonder wood woohoo word work worker workout workshop world worry worse worth wouldn wow write written wrong wrote
  yard yay yeah year yellow yep yes yesterday yet you young yourself youth yup
  allergic allergy anomalies anomaly api backend cache chart cluster commit container cough dashboard dentist dose
  endpoint flu framework frontend given graph headache install log login logs medication merge metrics mode password
  pills pipeline plugin plugins queue repo repository setting settings setup spaces sprint tab tablet tabs taken
  taking tests theme token took tooling unsafe upgrade user
`;
const COMMON_SPANISH_WORDS = `
  abril aca acepto agosto ahora algo alguien algun alguna algunas alguno algunos alla alli amiga amigo amigos ano
  anos antes aqui arriba asi aun ayer ayuda ayudar bajo bastante bien buena bueno cada calle cama cambio caro casa
  casi cena centro cerca cien cinco claro cliente coche cocina comer comida comprar conmigo contigo correo cosa
  cosas creer creo cual cuarto cuatro cuenta dar deber decir dejar desde despues dia dias diciembre diez dificil
  dinero dolor domingo dormir dos durante ella ellas ellos empresa encontrar enero entonces entre equipo escribir
  escuela esposa esposo estar facil familia favor febrero fecha fin forma fue fuera gente gracias gran grande gusta
  gustar gusto hablar hace hacer hacia hago hasta hermana hermano hermanos hice hija hijo hijos hola hora horas hoy
  igual ir jefe juego jueves julio junio lado largo leer lejos libro llama llamar llamo llegar llevar lugar lunes
  madre mal manana mano martes marzo mayo mayor mejor menor menos mes mesa mia mientras miercoles mil mio mirar
  misma mismo mismos momento mucho mujer mundo nada necesito ningun ninguna ninguno noche nombre nosotras nosotros
  noviembre nueve nuevo nunca ocho octubre oficina otra otras otro otros padre pagar pais parte pasar pedir pensar
  peor pequeno perro persona poco poder poner porque pregunta primera primero problema pronto proyecto pueblo puede
  puedes puedo querer quien quiere quieres quiero razon reunion sabado sabe saber salir salud seguir segun seguro
  seis semana sentir septiembre siempre siete sin sobre solo suya suyo tal tan tanta tanto tarde tener tengo ti
  tiempo tiene tienes toda todas todo todos tomar trabaja trabajamos trabajar trabajas trabajo tratar tres tuya tuyo
  ultima ultimo usar uso usted ustedes vale vamos veces ver verdad vez vida viejo viernes vivir volver vos voy
`;

// The stems of the common words and of their regular inflections ("days", "liked",
// "using", "stopped", "safely"): a stem is five letters at most, so they meet most other forms.
export const COMMON_STEMS: ReadonlySet<string> = commonStems();

function commonStems(): Set<string> {
  const stems = new Set<string>();
  for (const word of wordsOf(COMMON_ENGLISH_WORDS)) for (const form of englishForms(word)) stems.add(stem(form));
  // A Spanish word's stem already meets most of its forms; English endings would make others' ("madre" + "ing": "madri", Madrid's).
  for (const word of wordsOf(COMMON_SPANISH_WORDS)) for (const form of [word, `${word}s`, `${word}es`]) stems.add(stem(form));
  return stems;
}

function wordsOf(list: string): string[] {
  return list.split(/\s+/u).filter((word) => word.length > 0);
}

// A word and its regular English inflections.
function englishForms(word: string): string[] {
  const forms = [word, `${word}s`, `${word}es`, `${word}ing`, `${word}ed`, `${word}ly`];
  const last = word.slice(-1);
  if (last === 'e') forms.push(`${word.slice(0, -1)}ing`, `${word}d`);
  if (last === 'y') forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  if (word.length <= 4 && /[bdgmnprt]/u.test(last)) forms.push(`${word}${last}ing`, `${word}${last}ed`);
  return forms;
}
