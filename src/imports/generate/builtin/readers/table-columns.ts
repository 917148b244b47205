// The header words of a day table (a spreadsheet pasted as text) in the six languages, folded as
// fold() folds them: which column holds the day's date or number, its town, its hotel, what the
// day does. Knowledge data only; the table reader (table.reader.ts) holds the rules.
import { fold } from '../text.ts';

export type ColumnKind =
  | 'date'
  | 'day'
  | 'city'
  | 'hotel'
  | 'activities'
  | 'transport'
  | 'notes'
  | 'meals';

const WORDS: Record<ColumnKind, string[]> = {
  date: ['date', 'dates', 'fecha', 'fechas', 'data', 'datas', 'datum', 'when', 'cuando', 'quand'],
  day: [
    ...[
      'day',
      'days',
      'dia',
      'dias',
      'jour',
      'jours',
      'journee',
      'giorno',
      'giorni',
      'tag',
      'tage',
    ],
    ...['n', 'no', 'nº', 'n°', 'nr', '#', 'day no', 'dia n', 'jour n', 'tag nr', 'giorno n'],
  ],
  city: [
    ...['city', 'cities', 'town', 'place', 'destination', 'location', 'route', 'itinerary'],
    ...['ciudad', 'ciudades', 'destino', 'lugar', 'ruta', 'recorrido', 'itinerario', 'trayecto'],
    ...['ville', 'villes', 'lieu', 'etape', 'itineraire', 'trajet', 'parcours'],
    ...['cidade', 'cidades', 'local', 'roteiro', 'percurso', 'trajeto'],
    ...['citta', 'localita', 'luogo', 'destinazione', 'tappa', 'percorso'],
    ...['ort', 'orte', 'stadt', 'reiseziel', 'ziel', 'strecke', 'etappe', 'reiseroute'],
  ],
  hotel: [
    ...['hotel', 'hotels', 'accommodation', 'accommodations', 'lodging', 'overnight', 'stay'],
    ...['alojamiento', 'hospedaje', 'hoteles', 'hebergement', 'logement', 'nuit', 'hotels'],
    ...['alojamento', 'hospedagem', 'pernoite', 'hoteis', 'albergo', 'alberghi', 'alloggio'],
    ...['pernottamento', 'sistemazione', 'unterkunft', 'unterkunfte', 'ubernachtung'],
  ],
  activities: [
    ...['activities', 'activity', 'programme', 'program', 'plan', 'sightseeing', 'excursions'],
    ...['actividades', 'actividad', 'programa', 'excursiones', 'visitas', 'plan del dia'],
    ...['activites', 'activite', 'visites', 'programme du jour'],
    ...['atividades', 'atividade', 'passeios', 'visitas'],
    ...['attivita', 'programma', 'escursioni', 'visite'],
    ...['aktivitaten', 'aktivitat', 'programm', 'ausfluge', 'besichtigungen', 'tagesprogramm'],
  ],
  transport: [
    ...['transport', 'transportation', 'transfer', 'transfers', 'travel', 'getting around'],
    ...['transporte', 'transportes', 'traslado', 'traslados', 'desplazamiento'],
    ...['transports', 'transfert', 'transferts', 'deplacement', 'trajet du jour'],
    ...['deslocacao', 'deslocamento'],
    ...['trasporto', 'trasporti', 'trasferimento', 'trasferimenti', 'spostamento', 'spostamenti'],
    ...['transportmittel', 'verkehrsmittel', 'anreise', 'fahrt', 'beforderung'],
  ],
  notes: [
    ...['notes', 'note', 'remarks', 'comments', 'details', 'info'],
    ...['notas', 'observaciones', 'comentarios', 'detalles'],
    ...['remarques', 'commentaires', 'details', 'infos'],
    ...['observacoes', 'observacao', 'detalhes'],
    ...['osservazioni', 'dettagli'],
    ...['notizen', 'anmerkungen', 'bemerkungen', 'hinweise', 'hinweis'],
  ],
  meals: [
    ...['meals', 'board', 'comidas', 'comida', 'pension', 'regimen', 'repas', 'refeicoes'],
    ...['regime', 'pasti', 'trattamento', 'verpflegung', 'mahlzeiten'],
  ],
};

const KIND_OF = new Map<string, ColumnKind>();
for (const [kind, words] of Object.entries(WORDS) as Array<[ColumnKind, string[]]>)
  for (const word of words) if (!KIND_OF.has(word)) KIND_OF.set(word, kind);

/**
 * The kind of a header cell: "Fecha", "Día", "Hôtel / Hébergement", "Activities:", "Date (dd/mm)".
 * Null for a cell that names no column the reader knows (or reads like a value, not a label).
 */
export function columnKind(cell: string): ColumnKind | null {
  const folded = fold(cell)
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[:*.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!folded || folded.length > 30 || /\d/.test(folded)) return null;
  for (const part of [folded, ...folded.split(/\s*[/&+]\s*|\s+(?:and|y|et|e|und)\s+/)]) {
    const kind = KIND_OF.get(part.trim());
    if (kind) return kind;
  }
  return null;
}
