// Weekday names and abbreviations in the six languages, folded (no accents).

export const WEEKDAYS = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lunes|martes|miercoles|jueves|viernes|sabado|domingo|lun|mar|mie|jue|vie|sab|dom|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|segunda-feira|terca-feira|quarta-feira|quinta-feira|sexta-feira|segunda|terca|quarta|quinta|sexta|seg|ter|qua|qui|sex|mer|jeu|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|gio|ven)\.?`;

/** Full weekday names by weekday number (0 Sunday … 6 Saturday), folded. */
export const WEEKDAY_NAMES = [
  ['sunday', 'domingo', 'dimanche', 'sonntag', 'domenica'],
  ['monday', 'lunes', 'lundi', 'segunda-feira', 'segunda', 'montag', 'lunedi'],
  ['tuesday', 'martes', 'mardi', 'terca-feira', 'terca', 'dienstag', 'martedi'],
  ['wednesday', 'miercoles', 'mercredi', 'quarta-feira', 'quarta', 'mittwoch', 'mercoledi'],
  ['thursday', 'jueves', 'jeudi', 'quinta-feira', 'quinta', 'donnerstag', 'giovedi'],
  ['friday', 'viernes', 'vendredi', 'sexta-feira', 'sexta', 'freitag', 'venerdi'],
  ['saturday', 'sabado', 'samedi', 'sabado', 'samstag', 'sonnabend', 'sabato'],
];

/**
 * Weekday abbreviations of three letters or more by weekday number (0 Sunday … 6 Saturday),
 * folded; the full names are in WEEKDAY_NAMES. Two-letter German ones ("Sa", "So", "Do") are left
 * out: they are words too.
 */
export const WEEKDAY_ABBREVIATIONS = [
  ['sun', 'dom', 'dim'],
  ['mon', 'lun', 'seg'],
  ['tue', 'tues', 'mar', 'ter'],
  ['wed', 'mie', 'mer', 'qua'],
  ['thu', 'thur', 'thurs', 'jue', 'jeu', 'gio', 'qui'],
  ['fri', 'vie', 'ven', 'sex'],
  ['sat', 'sab', 'sam'],
];
