// Words that count travellers ("2 adults", "4 personas") in the six languages, folded.

export const TRAVELLERS =
  /\b(\d{1,2})\s*(?:adults?|travell?ers?|passengers?|people|persons?|guests?|pax|adultos?|viajeros?|pasajeros?|personas?|huespedes|adultes?|voyageurs?|passagers?|personnes?|viajantes?|passageiros?|pessoas?|hospedes|erwachsene|reisende|personen|gaste|adulti|viaggiatori|passeggeri|persone|ospiti)\b/;
