// Words that name a flight in the six languages, folded.

export const FLIGHT_WORDS =
  /\b(?:hinflug|ruckflug|outbound|inbound|flight|flights|vuelo|vuelos|vol|vols|voo|voos|flug|fluge|volo|voli|airline|aerolinea|compagnie|companhia|fluggesellschaft|compagnia|flight no|flight number)\b/;
