import type { Domain } from './domain.js';

/**
 * Evidence terms per domain, grouped by weight. A term is one or more words matched on
 * word boundaries after accent folding; a trailing `*` makes its last word a stem
 * ("deploy*" matches "deploys", "deployment"). Multi-word phrases carry more weight
 * because they are less ambiguous than single words ("at work" vs "work").
 * Weights: 2 = unambiguous on its own, 1.5 = strong, 1 = usual, 0.5 = a hint only.
 */
export type DomainLexicon = Record<Domain, Record<string, readonly string[]>>;

export const DOMAIN_LEXICON: DomainLexicon = {
  work: {
    '2': [
      'boss', 'coworker*', 'co worker*', 'colleague*', 'my job', 'at work', 'work at', 'work for',
      'works at', 'working at', 'worked at', 'my employer', 'standup*', 'stand up meeting', 'on call',
      'payroll', 'okr*', 'kpi*', 'stakeholder*', 'my manager', 'jefe', 'jefa', 'mi trabajo',
      'companero de trabajo', 'companera de trabajo', 'companeros de trabajo', 'trabajo en',
      'trabaja en', 'labur*', 'chamba',
      'curro', 'mi empresa', 'en la oficina', 'en el trabajo',
    ],
    '1.5': [
      'deploy*', 'sprint*', 'meeting*', 'office', 'client*', 'job', 'jobs', 'career', 'salary',
      'employer', 'hired', 'promotion', 'promoted', 'deadline*', 'my team', 'jira', 'coworking',
      'reunion*', 'oficina', 'cliente*', 'colega*', 'empresa', 'sueldo', 'salario', 'despliegue*',
      'desplegar', 'fecha limite', 'ascenso', 'mi equipo', 'trabaj*', 'contrato',
    ],
    '1': [
      'work', 'manager', 'company', 'startup', 'business', 'slack', 'ticket*', 'incident*', 'production',
      'prod', 'release*', 'quarter*', 'presentation', 'interview*', 'fired', 'contract', 'customer*',
      'plazo*', 'entrevista*', 'negocio*', 'produccion', 'presentacion', 'informe*',
    ],
    '0.5': ['team', 'email*', 'report*', 'equipo', 'correo*'],
  },
  preferences: {
    '2': [
      'prefer*', 'favourite*', 'favorit*', 'dislike*', 'i d rather', 'i would rather', 'can t stand', 'fan of',
      'prefier*', 'no soporto',
    ],
    // Likes and loves are everyday reactions ("I like that", "me encanta"): not enough on their own.
    '1.5': [
      'i like', 'i love', 'i hate', 'enjoy*', 'dark mode', 'light mode', 'my taste', 'gusta', 'gustan', 'odio',
      'disfruto', 'encanta*', 'modo oscuro', 'modo claro', 'from now on', 'a partir de ahora', 'de ahora en mas',
      'de aca en mas',
    ],
    '1': ['editor', 'theme', 'font', 'tabs'],
    '0.5': ['always', 'never', 'rather', 'siempre', 'nunca', 'style', 'estilo'],
  },
  decisions: {
    '2': [
      'decid*', 'decision*', 'we ll go with', 'we will go with', 'settled on', 'opted for', 'we agreed',
      'the plan is', 'resolved to', 'nos quedamos con', 'optamos por', 'opte por',
      'acordamos', 'el plan es', 'elegi', 'elegimos',
    ],
    '1.5': [
      'chose', 'chosen', 'opt for', 'agreed', 'going with', 'go with', 'committed to', 'picked',
      'vamos con', 'quedamos en', 'resolvi', 'resolvimos', 'elegido', 'elegida',
    ],
    '1': ['choose', 'instead of', 'switch to', 'switched to', 'en vez de', 'en lugar de', 'elegir', 'me cambie a'],
    '0.5': ['plan', 'choice', 'option*'],
  },
  personal: {
    '2': [
      'family', 'mom', 'mother', 'dad', 'father', 'parents', 'sister*', 'brother*', 'sibling*',
      'daughter*', 'wife', 'husband', 'girlfriend', 'boyfriend', 'grandm*', 'grandp*', 'birthday*',
      'health', 'allerg*', 'dog', 'dogs', 'puppy', 'cat', 'cats', 'kitten*', 'pet', 'pets', 'hobby',
      'hobbies', 'married', 'divorce*', 'pregnan*', 'moved to', 'live in', 'lives in', 'living in',
      'hometown', 'my friend*', 'my son', 'my kids', 'familia', 'mama', 'madre', 'papa', 'padre*',
      'herman*', 'hijo*', 'hija*', 'espos*', 'marido', 'novia', 'novio', 'abuel*', 'cumpleanos', 'salud',
      'alergi*', 'perro*', 'perrit*', 'gato', 'gata', 'gatos', 'mascota*', 'pasatiempo*', 'casad*',
      'embaraz*', 'me mude', 'vivo en', 'mi amig*',
    ],
    '1.5': [
      'kid', 'kids', 'child*', 'aunt', 'uncle', 'cousin*', 'anniversary', 'wedding', 'doctor*', 'dentist',
      'sick', 'medic*', 'diet*', 'vegetarian', 'vegan', 'gym', 'workout*', 'exercise', 'apartment',
      'neighbo*', 'vacation*', 'guitar', 'piano', 'cooking', 'garden*', 'hiking', 'born', 'years old',
      'tio', 'tia', 'primo', 'prima', 'amig*', 'aniversario', 'boda', 'enferm*', 'dieta', 'gimnasio',
      'hogar', 'vecin*', 'vacaciones', 'guitarra', 'cocinar', 'jardin*', 'nací', 'me mudo',
    ],
    '1': [
      'friend*', 'baby', 'home', 'house', 'rent', 'moved', 'sleep', 'running', 'holiday*', 'weekend',
      'travel*', 'music', 'casa', 'alquiler', 'viaj*', 'fin de semana', 'musica', 'departamento',
    ],
    '0.5': ['flat', 'piso'],
  },
  projects: {
    '2': [
      'project*', 'proyecto*', 'repo', 'repos', 'repository', 'repositorio*', 'codebase', 'pull request*',
      'side project*', 'memoryd', 'refactor*', 'unit test*', 'merge request*',
    ],
    '1.5': [
      'app', 'apps', 'feature*', 'bug', 'bugs', 'framework*', 'api', 'apis', 'endpoint*', 'frontend',
      'backend', 'typescript', 'javascript', 'npm', 'sqlite', 'docker', 'kubernetes', 'k8s', 'github',
      'prototype*', 'mvp', 'milestone*', 'codigo', 'prototipo*', 'funcionalidad*', 'aplicacion*',
      'libreria*', 'migration*', 'migracion*',
    ],
    '1': [
      'code', 'module*', 'library', 'merge', 'branch*', 'commit', 'commits', 'database', 'schema', 'roadmap',
      'spec', 'specs', 'tests', 'script*', 'launch', 'python', 'rust', 'rama', 'base de datos', 'version*', 'server*',
      'servidor*', 'staging', 'pipeline*', 'cluster*',
    ],
    '0.5': ['build', 'design', 'diseno', 'pr'],
  },
};
