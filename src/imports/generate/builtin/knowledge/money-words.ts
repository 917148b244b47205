// Words of prices and of prices per person in the six languages, folded.

export const PRICE_WORDS =
  /\b(?:price|prices|cost|total|amount|fare|rate|grand total|precio|precios|importe|tarifa|coste|costo|prix|tarif|montant|preco|valor|preis|gesamtpreis|reisepreis|betrag|kosten|summe|prezzo|quota|importo|totale)\b/;
export const PER_PERSON =
  /(?:\bper person\b|\bper pax\b|\bpp\b|\bp\.p\.|\bpor persona\b|\bpor pax\b|\bpar personne\b|\bpar pers\b|\bpor pessoa\b|\bpro person\b|\bp\.p\b|\ba persona\b|\bper persona\b|\bpersona\b|\bpro kopf\b|\bpor adulto\b|\bper adult\b|\bpar adulte\b|\bpro erwachsenem?\b|\bper adulto\b|\bp\.\s?p\.|\bquota individuale\b|\bindividuale\b|\ba testa\b|\bpro teilnehmer\b|\bpor participante\b|\bpar participant\b|\b(?:in|en|em) (?:habitacion|chambre|quarto|camera|doppelzimmer) doble\b|\bin double\b|\bbase doble\b|\bbase double\b|\/\s*(?:person|persona|pers|pessoa|pax))/;
