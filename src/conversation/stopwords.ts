// Words that never make a keyword or a noun phrase, folded like `foldText` (lower case,
// no accents, contractions without apostrophe: "don't" → "dont"). English and Spanish
// function words, plus chit-chat fillers that carry no topic ("lol", "cool", "genial").
const ENGLISH = `
a about above after again against all almost also although always am an and another any anybody
anyone anything anyway anyways are around as at away back be became because become been before
being below between both but by can cannot could couldnt did didnt do does doesnt doing done dont
down during each either else enough even ever every everyone everything few for from further get
gets getting go goes going gone gonna got gotta had hadnt has hasnt have havent having he hed hell
her here hers herself hes him himself his how however i id if ill im in into is isnt it its itself
ive just kind last least less let lets like likely little lot lots made make makes many may maybe
me might mine more most much must my myself need needs neither never new next no nobody none nor
not nothing now of off often oh ok okay on once one ones only onto or other others otherwise our
ours ourselves out over own per perhaps please pretty quite rather really right said same say says
see seem seems shall she shed shell shes should shouldnt since so some somebody someone something
sometimes somewhat soon still such sure than that thats the their theirs them themselves then there
theres these they theyd theyll theyre theyve thing things think this those though through thus
till to too toward towards under until up upon us use used very via want wanna was wasnt way we
wed well went were werent weve what whatever whats when whenever where whereas wherever whether
which while who whoever whole whom whos whose why will with within without wont would wouldnt yeah
yep yes yet you youd youll your youre yours yourself yourselves youve
hi hey hello thanks thank lol haha hahaha wow cool nice great awesome good bad fine yup nope
sounds sound glad sorry hope love know knew mean means tell told feel felt guess actually
definitely totally probably also ask asked asking answer question questions wait come came
take took keep kept give gave got find found look looks looking seen saw tried try trying
fun cute amazing wonderful super lovely stuff lot etc able really truly
whoa itll itd thatll cuz cause plus yay omg btw hmm um uh ah aw aww ya yea agree sooo soo
understood noted okay ok alright sure welcome please prefer prefers preferred instead already
heres wheres hows whys whens
`;

const SPANISH = `
a al algo alguien algun alguna algunas alguno algunos ante antes aqui asi aun aunque bajo bien
cada casi como con contra cual cuales cualquier cuando cuanto de del desde donde dos durante e el
ella ellas ello ellos en entonces entre era eran eres es esa esas ese eso esos esta estaba estaban
estamos estan estar estas este esto estos estoy fue fueron fui ha habia hace hacer hacia han has
hasta hay he la las le les lo los mas me mi mis mientras mucho muchos muy nada ni no nos nosotros
nuestra nuestro o os otra otras otro otros para pero poco por porque pues que quien quienes se
sea ser si sido siempre sin sobre solo son soy su sus tal tambien tan tanto te tener tengo ti
tiene tienen toda todas todo todos tu tus un una unas uno unos usted ustedes va vamos van voy y
ya yo hola gracias bueno buena vale claro genial jaja jajaja dale oye mira veamos creo cosa cosas vez
veces ahora hoy luego despues dijo dice decir saber sabes quiero quieres puedo puede podemos
estoy tenemos tienes fueron seria sera puedes hacer hizo hago algo igual
entendido anotado perfecto listo favor acordate acuerdate recorda recuerda recordame recuerdame
prefiero preferimos prefiere vivo vivimos
`;

// Common verbs in their usual forms: they end noun phrases and are never topics.
const VERBS = `
gives give gave given giving makes making takes taking took taken goes went says saying seemed
looks looked works worked working helps helped helping wants wanted needs needed needing likes
liked liking loves loved loving thinks thought thinking feels feeling finds finding gets getting
knows known brings brought call called calling comes coming keeps starts started starting begin
began tries uses using put puts run runs running show shows showed set sets turn turned leave
left meet met play played playing move moved live lived living believe believed happen happened
happens hear heard let lets mean meant include included continue continued check checked change
changed changes enjoy enjoyed enjoying hope hoped wish wished remember remembered forget forgot
is are was were be been being have has had do does did done doing hold held stay stayed share
shared end ended reach reached decide decided decision decidi decidimos decidio elegimos elegi agreed
chose chosen
usar usamos usa uso usaba hacer hace hice hizo hacemos tener tiene tengo tenia ir voy vas fue fui
ser es son era eran estar esta estan estaba poder puede pueden podria querer quiere queria decir
dice dijo ver veo vio dar da dio saber sabe sabia pasar paso pasa llegar llega llego seguir sigue
poner pone puso parece parecer creer cree crei hablar habla hablamos llevar lleva quedar queda
`;

/** The stop words, folded. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `${ENGLISH} ${SPANISH} ${VERBS}`.split(/\s+/).filter((w) => w.length > 0),
);
