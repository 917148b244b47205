// A booking export's keys in the readers' languages turned into the English words json-export.ts
// looks for ("numero_vuelo" → "flight_number", "fecha_limite" → "due_date"), so one mapping reads
// them all. Phrases first (word order differs between languages), then word by word.

const PHRASES: Record<string, string> = {
  // es
  numero_vuelo: 'flight_number',
  num_vuelo: 'flight_number',
  n_vuelo: 'flight_number',
  codigo_vuelo: 'flight_number',
  origen_iata: 'origin',
  destino_iata: 'destination',
  aeropuerto_origen: 'origin',
  aeropuerto_destino: 'destination',
  precio_por_persona: 'price_per_person',
  precio_persona: 'price_per_person',
  precio_total: 'total_price',
  importe_total: 'total_price',
  fecha_hora: 'datetime',
  fecha_limite: 'due_date',
  fecha_vencimiento: 'due_date',
  no_incluye: 'not_included',
  no_incluido: 'not_included',
  nombre_viaje: 'trip_name',
  nombre_del_viaje: 'trip_name',
  titulo_viaje: 'trip_name',
  fecha_inicio: 'start_date',
  fecha_fin: 'end_date',
  fecha_entrada: 'check_in',
  fecha_salida: 'departure_date',
  hora_salida: 'departure_time',
  hora_llegada: 'arrival_time',
  // pt
  numero_voo: 'flight_number',
  preco_por_pessoa: 'price_per_person',
  preco_total: 'total_price',
  data_hora: 'datetime',
  data_limite: 'due_date',
  nao_inclui: 'not_included',
  nao_incluido: 'not_included',
  nome_viagem: 'trip_name',
  data_inicio: 'start_date',
  data_fim: 'end_date',
  // fr
  numero_vol: 'flight_number',
  prix_par_personne: 'price_per_person',
  prix_total: 'total_price',
  date_heure: 'datetime',
  date_limite: 'due_date',
  non_inclus: 'not_included',
  nom_voyage: 'trip_name',
  date_debut: 'start_date',
  date_fin: 'end_date',
  date_arrivee: 'check_in',
  date_depart: 'departure_date',
  // it
  numero_volo: 'flight_number',
  prezzo_a_persona: 'price_per_person',
  prezzo_per_persona: 'price_per_person',
  prezzo_totale: 'total_price',
  data_ora: 'datetime',
  data_scadenza: 'due_date',
  non_incluso: 'not_included',
  nome_viaggio: 'trip_name',
  data_inizio: 'start_date',
  codice_volo: 'flight_number',
  numero_volo_: 'flight_number',
  orario_partenza: 'departure_time',
  orario_arrivo: 'arrival_time',
  quota_individuale: 'price_per_person',
  quota_a_persona: 'price_per_person',
  totale_pratica: 'total_price',
  nome_viaggio_: 'trip_name',
  non_comprende: 'not_included',
  pagato_il: 'paid_on',
  da: 'from',
  a: 'to',
  // de
  flugnummer: 'flight_number',
  preis_pro_person: 'price_per_person',
  gesamtpreis: 'total_price',
  nicht_inklusive: 'not_included',
  nicht_enthalten: 'not_included',
  reisename: 'trip_name',
  reisebeginn: 'start_date',
  reiseende: 'end_date',
  faellig_am: 'due_date',
  fallig_am: 'due_date',
};

/** Words only: English words that are also keys of their own ("location", "data") are left out. */
const WORDS: Record<string, string> = {
  // es
  vuelo: 'flight',
  vuelos: 'flights',
  tramo: 'segment',
  tramos: 'segments',
  segmento: 'segment',
  segmentos: 'segments',
  servicios: 'services',
  compania: 'carrier',
  aerolinea: 'airline',
  origen: 'origin',
  destino: 'destination',
  salida: 'departure',
  llegada: 'arrival',
  establecimiento: 'hotel_name',
  alojamiento: 'hotel',
  alojamientos: 'hotels',
  hoteles: 'hotels',
  ciudad: 'city',
  pais: 'country',
  direccion: 'address',
  entrada: 'check_in',
  noches: 'nights',
  traslado: 'transfer',
  traslados: 'transfers',
  tren: 'train',
  trenes: 'trains',
  autobus: 'bus',
  barco: 'ferry',
  crucero: 'cruise',
  coche: 'car',
  alquiler: 'rental',
  recogida: 'pickup',
  devolucion: 'dropoff',
  actividad: 'activity',
  actividades: 'activities',
  excursion: 'excursion',
  excursiones: 'excursions',
  fecha: 'date',
  hora: 'time',
  importes: 'pricing',
  importe: 'amount',
  precio: 'price',
  divisa: 'currency',
  moneda: 'currency',
  centimos: 'cents',
  pagos: 'payments',
  pago: 'payment',
  concepto: 'type',
  tipo: 'type',
  incluye: 'included',
  incluido: 'included',
  localizador: 'pnr',
  reserva: 'booking',
  pasajeros: 'passengers',
  viajeros: 'travellers',
  descripcion: 'description',
  nombre: 'name',
  operador: 'operator',
  proveedor: 'supplier',
  numero: 'number',
  duracion: 'duration',
  senal: 'deposit',
  resto: 'balance',
  // pt
  voo: 'flight',
  voos: 'flights',
  partida: 'departure',
  chegada: 'arrival',
  cidade: 'city',
  noites: 'nights',
  preco: 'price',
  pagamentos: 'payments',
  pagamento: 'payment',
  inclui: 'included',
  passageiros: 'passengers',
  comboio: 'train',
  aluguer: 'rental',
  aluguel: 'rental',
  levantamento: 'pickup',
  devolucao: 'dropoff',
  hospedagem: 'hotel',
  estadia: 'hotel',
  atividades: 'activities',
  passeios: 'excursions',
  valor: 'amount',
  sinal: 'deposit',
  // fr
  vol: 'flight',
  vols: 'flights',
  depart: 'departure',
  arrivee: 'arrival',
  ville: 'city',
  nuits: 'nights',
  prix: 'price',
  devise: 'currency',
  paiements: 'payments',
  paiement: 'payment',
  inclus: 'included',
  passagers: 'passengers',
  voyageurs: 'travellers',
  transfert: 'transfer',
  transferts: 'transfers',
  voiture: 'car',
  prise: 'pickup',
  restitution: 'dropoff',
  hebergement: 'hotel',
  hebergements: 'hotels',
  montant: 'amount',
  acompte: 'deposit',
  solde: 'balance',
  heure: 'time',
  nom: 'name',
  prestations: 'services',
  // it
  volo: 'flight',
  voli: 'flights',
  partenza: 'departure',
  arrivo: 'arrival',
  citta: 'city',
  notti: 'nights',
  prezzo: 'price',
  valuta: 'currency',
  pagamenti: 'payments',
  incluso: 'included',
  passeggeri: 'passengers',
  treno: 'train',
  treni: 'trains',
  trasferimento: 'transfer',
  traghetto: 'ferry',
  traghetti: 'ferries',
  noleggio: 'rental',
  ritiro: 'pickup',
  riconsegna: 'dropoff',
  alloggio: 'hotel',
  alberghi: 'hotels',
  importo: 'amount',
  acconto: 'deposit',
  saldo: 'balance',
  ora: 'time',
  nome: 'name',
  servizi: 'services',
  escursioni: 'excursions',
  vettore: 'carrier',
  orario: 'time',
  categoria: 'type',
  descrizione: 'description',
  titolo: 'title',
  viaggiatori: 'travellers',
  periodo: 'period',
  dal: 'from',
  al: 'to',
  economico: 'pricing',
  scadenza: 'due_date',
  comprende: 'included',
  escursione: 'excursion',
  volo_: 'flight',
  giorno: 'day',
  crociera: 'cruise',
  pratica: 'booking',
  itinerario: 'itinerary',
  // de
  flug: 'flight',
  fluge: 'flights',
  abflug: 'departure',
  ankunft: 'arrival',
  stadt: 'city',
  nachte: 'nights',
  preis: 'price',
  wahrung: 'currency',
  zahlungen: 'payments',
  zahlung: 'payment',
  inklusive: 'included',
  leistungen: 'included',
  reisende: 'travellers',
  passagiere: 'passengers',
  zug: 'train',
  zuge: 'trains',
  mietwagen: 'car_rental',
  abholung: 'pickup',
  ruckgabe: 'dropoff',
  unterkunft: 'hotel',
  unterkunfte: 'hotels',
  betrag: 'amount',
  anzahlung: 'deposit',
  restzahlung: 'balance',
  uhrzeit: 'time',
  datum: 'date',
  buchung: 'booking',
  buchungsnummer: 'pnr',
  ausfluge: 'excursions',
  fahre: 'ferry',
  kreuzfahrt: 'cruise',
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** "numeroVuelo", "numero-vuelo", "Número vuelo" → "flight_number"; an English key is left as it is. */
export function translateKey(key: string): string {
  const words = fold(key.replace(/([a-z0-9])([A-Z])/g, '$1_$2'))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.join('_');
  if (PHRASES[joined]) return PHRASES[joined]!;
  // A phrase with a unit suffix: "importe_centimos", "precio_total_centimos".
  const unit =
    words.at(-1) === 'centimos' ||
    words.at(-1) === 'centavos' ||
    words.at(-1) === 'centimes' ||
    words.at(-1) === 'centesimi'
      ? '_cents'
      : '';
  const stem = unit ? words.slice(0, -1).join('_') : joined;
  if (unit && PHRASES[stem]) return `${PHRASES[stem]}${unit}`;
  if (!words.some((w) => WORDS[w])) return key;
  return words
    .map((w) =>
      w === 'centimos' || w === 'centavos' || w === 'centimes' || w === 'centesimi'
        ? 'cents'
        : (WORDS[w] ?? w),
    )
    .join('_');
}

/** A copy of the export with its keys (and its "type" values) in English. */
export function translateKeys(value: unknown, depth = 0): unknown {
  if (depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => translateKeys(v, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    // "data" is Italian and Portuguese for a date, and an English wrapper: by its value.
    const k =
      /^data$/i.test(key) && typeof v === 'string' && /\d{4}/.test(v) ? 'date' : translateKey(key);
    const translated = translateKeys(v, depth + 1);
    // A type written in the document's language ("vuelo", "traslado") reads as the English kind.
    out[k in out ? key : k] =
      k === 'type' && typeof translated === 'string' ? translateKey(translated) : translated;
  }
  return out;
}
