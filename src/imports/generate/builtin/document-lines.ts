// A document's text as the lines the extractor reads. The first filters, before any rule: JSON
// (a text source given as an object) becomes "key: value" lines; table cells are kept apart; the
// noise of emails (headers, quoted replies, signatures, legal footers), web pages (menus, cookie
// banners, reviews, share buttons) and chat exports (sender and time stamps) goes, so that its
// dates, prices and places are not read as the trip's.
import { columnAt, timetableHeader } from './finders/timetable-header.ts';
import { columnKind } from './readers/table-columns.ts';
import { MONTH_PATTERN } from './knowledge/months.ts';
import { WEEKDAYS } from './knowledge/weekdays.ts';
import { fold } from './text.ts';

export interface DocumentReading {
  lines: string[];
  /** An email's subject, a hint for the title. */
  subject: string | null;
  /** A chat export (messages with senders and time stamps): it has no heading to take a title from. */
  chat?: boolean;
}

export function documentLines(text: string): string[] {
  return readDocument(text).lines;
}

export function readDocument(text: string): DocumentReading {
  const trimmed = text.trim();
  let source = trimmed;
  if (/^[[{]/.test(trimmed)) {
    try {
      source = flatten(JSON.parse(trimmed)).join('\n');
    } catch {
      // not JSON after all: read it as text
    }
  }
  // Lines laid out in columns (runs of spaces, tabs) are no wrapped prose (joinWrapped).
  const columned = new Set<string>();
  const raw = alignedTimetables(source.split(/\r?\n|\f|\r/).flatMap(flattenedCells)).map((line) => {
    const collapsed = tabsToCells(line)
      .replace(/[\u00a0 ]+/g, ' ')
      .trimEnd();
    if (/\S(?: {3,}|\t)\S/.test(line)) columned.add(collapsed);
    return collapsed;
  });
  const { lines: body, subject } = dropEmailNoise(raw);
  // A chat export: each message is whole (never the wrapped half of the one before), so it ends with a stop.
  const chat = body.filter((l) => isChatMessage(l)).length >= 3;
  const lines: string[] = [];
  for (const line of joinLabels(chat ? body : joinWrapped(body, columned))) {
    // The chat's own notices ("12/04/27, 21:03 - Ana created group …", "Messages are end-to-end
    // encrypted"): stamped, with no sender, never the trip's.
    if (chat && !isChatMessage(line) && CHAT_NOTICE.test(line)) continue;
    const message = chat && isChatMessage(line);
    const cleaned = unchat(line)
      .replace(TIMESTAMP, ' ')
      .replace(/\s*[★☆]{2,}\s*/g, ' ')
      .replace(/^[\s•·*▪►▸➤✓✔☐☑○●◦■□\->]+(?=\S)/u, '')
      // "+ Mon 5 Oct — train …", "« Thu 8 Oct …": bullets as plain text and OCR write them
      .replace(/^[+«»]\s+/u, '')
      .replace(/^\|\s*|\s*\|$/g, '')
      .trim();
    if (!cleaned || isNoise(cleaned)) continue;
    lines.push(
      message && /[\p{L}\p{N}\p{Extended_Pictographic})]$/u.test(cleaned) ? `${cleaned}.` : cleaned,
    );
  }
  return { lines, subject, chat };
}

/**
 * A page flattened onto one long line (an e-mail's HTML saved as text: "Hinflug     Berlin (TXL) -
 * Zürich (ZRH)     So 10.09.2017     06:45   TXL ..."): its cells, apart by runs of four spaces or
 * more, are lines of their own, so that each flight's cells are read together and not with the next.
 */
function flattenedCells(line: string): string[] {
  if (line.length <= 400 || (line.match(/ {4,}/g) ?? []).length < 10) return [line];
  return line.split(/ {4,}/).filter((cell) => cell.trim());
}

/** What an empty cell of a table aligned by spaces is written as, once its cells are split. */
export const EMPTY_CELL = '—';

/**
 * A timetable aligned by spaces under its row of labels (finders/timetable-header.ts) as cells
 * split by " | ", each run of text under the label it starts beneath, empty cells kept ("—"):
 * the spaces that place a time under "Arrival" or "Departure" are collapsed below.
 */
function alignedTimetables(lines: string[]): string[] {
  const out = [...lines];
  const cellsLine = (cells: string[]) => {
    while (cells.length && !cells.at(-1)) cells.pop();
    return cells.map((c) => c || EMPTY_CELL).join(' | ');
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('|')) continue;
    const tabs = line.includes('\t');
    const columns = timetableHeader(line, tabs ? '\t' : null);
    if (!columns) continue;
    if (!tabs)
      out[i] = columns
        .map((c, k) => line.slice(c.start, columns[k + 1]?.start ?? line.length).trim())
        .join(' | ');
    for (let j = i + 1; j < lines.length && lines[j]!.trim() && !lines[j]!.includes('|'); j++) {
      const row = lines[j]!;
      if (tabs) {
        out[j] = cellsLine(row.split('\t').map((c) => c.trim()));
      } else {
        const cells = columns.map(() => '');
        for (const run of row.matchAll(/\S+(?: \S+)*/g)) {
          const k = columns.indexOf(columnAt(columns, run.index) ?? columns[0]!);
          cells[k] = cells[k] ? `${cells[k]} ${run[0]}` : run[0];
        }
        out[j] = cellsLine(cells);
      }
      i = j;
    }
  }
  return out;
}

/**
 * Tabs between cells as " | ". A spreadsheet's row ("14/03\tMadrid\t\tPrado 10:00") keeps its
 * empty cells, so that each cell stays under its column (readers/table.reader.ts); elsewhere a run
 * of tabs is one gap ("Name:\t\tValue").
 */
function tabsToCells(line: string): string {
  if (!line.includes('\t')) return line;
  const cells = line.split('\t').map((c) => c.trim());
  if (cells.filter(Boolean).length < 3) return line.replace(/\t+/g, ' | ');
  while (cells.length && !cells.at(-1)) cells.pop();
  return cells.join(' | ');
}

/** Field labels printed alone on their line, their value on the next (boarding passes, vouchers, tickets). */
const FIELD_LABEL =
  /^(?:from|to|flight|flight no|date|departs|departure|arrives|arrival|boarding|gate|seat|passenger|class|cabin|terminal|booking reference|booking ref|pnr|origin|destination|de|a|vol|depart|arrivee|porte|siege|passager|classe|vuelo|fecha|salida|llegada|puerta|asiento|pasajero|origen|destino|voo|data|partida|chegada|portao|lugar|passageiro|origem|flug|datum|abflug|ankunft|sitzplatz|sitz|passagier|von|nach|volo|partenza|arrivo|posto|passeggero|check-?in|check-?out|hotel|nights|noches|nuits|noites|nachte|notti|train|tren|treno|zug|coach|car|voiture|wagen|carrozza|coche|station|estacion|gare|bahnhof|stazione)$/;

const ENDPOINT_LABEL =
  /^(?:departs|departure|arrives|arrival|depart|arrivee|salida|llegada|partida|chegada|abfahrt|ankunft|partenza|arrivo)$/;

/** A word that does not end a sentence: an article, a preposition, a conjunction (folded). */
const OPEN_END =
  /(?:,|·|–|-|\b(?:an|the|to|of|in|at|and|or|with|from|for|by|el|la|los|las|un|una|de|del|en|con|y|por|para|al|le|les|du|des|et|au|aux|avec|pour|sur|um|der|die|das|den|dem|und|mit|von|zu|im|il|lo|gli|di|per|su|alle|ao|os|dos|das|em|com))$/;

const DATE_OPENING = new RegExp(
  String.raw`^(?:${WEEKDAYS},?\s+\d|\d{1,2}[./-]\d{1,2}(?:[./-]|\s)|\d{4}-\d{2}|\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?:${MONTH_PATTERN})\b)`,
);

/**
 * Prose wrapped at a fixed width (emails, PDF text): a sentence carried onto the next line is one
 * line again ("Salimos el viernes 28 por la noche con" / "Iberia, el IB6663 Madrid–Lima a las
 * 23:55"), so that its date, times and places are read together. A line is joined to the next when
 * it is long, ends inside a sentence, and the next goes on with it (a small letter, a bracket, or
 * after a word that ends no sentence); lists, tables and short lines are left as they are.
 */
function joinWrapped(lines: string[], columned: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    const previous = out.at(-1);
    const next = line.trimStart();
    if (
      previous !== undefined &&
      previous.length >= 50 &&
      next &&
      // cells of a table, or columns aligned by spaces, are no prose
      !previous.includes(' | ') &&
      !next.includes(' | ') &&
      !columned.has(previous) &&
      !columned.has(line) &&
      !/[.!?:;]$/.test(previous) &&
      !/^[-*•·▪►>+]\s/.test(next) &&
      // a line that opens with a date is an item of its own ("06/07/2027 - Drive to Page")
      !DATE_OPENING.test(fold(next)) &&
      // an indented line goes on with a note's item, as written ("Fr 18.6.  FRA → BGO" over "          (1x23kg p.P.)")
      !/^\s/.test(line) &&
      // a sentence cut after a word or a comma, not a row that ends with its time or price
      /[\p{L},]$/u.test(previous) &&
      (/^[\p{Ll}(]/u.test(next) || OPEN_END.test(fold(previous)))
    )
      out[out.length - 1] = `${previous} ${next}`;
    else out.push(line);
  }
  return out;
}

/** "FROM" then "LHR": one line "FROM: LHR", so that a label and its value are read together. */
function joinLabels(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim();
    if (
      line.length <= 25 &&
      FIELD_LABEL.test(fold(line).replace(/[:.]$/, '').trim()) &&
      next &&
      !FIELD_LABEL.test(fold(next).replace(/[:.]$/, '').trim()) &&
      next.length <= 80 &&
      // A section's heading over a table ("Hotel" over "Località | Struttura | Date"): not a field.
      next.split(' | ').length < 3
    ) {
      // A ticket's box: the time, then the station under it ("PARTENZA" / "07:00" / "Milano Centrale").
      const after = lines[i + 2]?.trim();
      const boxed =
        ENDPOINT_LABEL.test(fold(line).replace(/[:.]$/, '').trim()) &&
        /^\d{1,2}[:.h]\d{2}$/.test(next) &&
        after &&
        after.length <= 40 &&
        /^\p{Lu}/u.test(after) &&
        !/\d/.test(after) &&
        !FIELD_LABEL.test(fold(after).replace(/[:.]$/, '').trim());
      out.push(`${line.replace(/[:.]$/, '')}: ${next}${boxed ? ` ${after}` : ''}`);
      i += boxed ? 2 : 1;
    } else out.push(lines[i]!);
  }
  return out;
}

const HEADER =
  /^(?:from|to|cc|bcc|sent|date|subject|reply-to|de|para|asunto|enviado(?: el)?|fecha|cc|objet|a|à|envoye(?: le)?|date|von|an|betreff|gesendet|datum|da|oggetto|inviato|data|assunto|enviada em|enviado em|data)\s?:\s?/i;
const SUBJECT = /^(?:subject|asunto|objet|betreff|oggetto|assunto)\s?:\s*(.*)$/i;
const QUOTE_INTRO =
  /^(?:on .{6,120} wrote:|el .{6,120} escribio:|le .{6,120} a ecrit ?:|am .{6,120} schrieb .{0,80}:|il .{6,120} ha scritto:|em .{6,120} escreveu:|-{2,}\s*original message\s*-{2,}|-{2,}\s*mensaje original\s*-{2,}|-{2,}\s*message d'origine\s*-{2,}|-{2,}\s*ursprungliche nachricht\s*-{2,}|-{2,}\s*messaggio originale\s*-{2,}|-{2,}\s*mensagem original\s*-{2,})$/;
const FORWARD =
  /^-{2,}\s*(?:forwarded message|mensaje reenviado|message transfere|weitergeleitete nachricht|messaggio inoltrato|mensagem encaminhada)\s*-{2,}$|^(?:begin forwarded message|inicio del mensaje reenviado|debut du message reexpedie|anfang der weitergeleiteten nachricht|inizio messaggio inoltrato|inicio da mensagem encaminhada):?$/;
const SIGN_OFF =
  /^(?:--\s*|best regards|kind regards|regards|best wishes|warm regards|many thanks|thanks|thank you|cheers|sincerely|yours sincerely|saludos|un saludo|saludos cordiales|atentamente|un abrazo|cordialement|bien cordialement|bien a vous|salutations|amicalement|mit freundlichen grussen|freundliche grusse|viele grusse|beste grusse|liebe grusse|cordiali saluti|distinti saluti|saluti|un saluto|a presto|atenciosamente|cumprimentos|abracos|um abraco|obrigado|obrigada|gracias|merci|danke|grazie)[,.!]*$/;

/** Email headers at the top (the subject kept as a hint), quoted earlier messages and signatures. */
function dropEmailNoise(lines: string[]): { lines: string[]; subject: string | null } {
  let subject: string | null = null;
  const out: string[] = [];
  let i = 0;
  // Header block: "Label: value" lines at the start of an email (or after a forward marker).
  const top = lines.filter((l) => l.trim()).slice(0, 8);
  // A mail saved as a web page prints its headers on one line ("Von: … <a@b.de> · An: … · 02.06.2026").
  const oneLine = (l: string) =>
    HEADER.test(fold(l.trim())) && /\S@\S/.test(l) && /\s[·|•]\s+\p{L}+\s?:/u.test(l);
  let inHeaders =
    top.filter((l) => HEADER.test(fold(l.trim()))).length >= 2 || oneLine(top[0] ?? '');
  let signature = false;
  const quoted: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const folded = fold(line.trim());
    if (FORWARD.test(folded)) {
      inHeaders = true;
      signature = false;
      continue;
    }
    if (inHeaders && HEADER.test(folded) && line.length < 300) {
      const s = SUBJECT.exec(line.trim());
      if (s)
        subject ??=
          s[1]!.replace(/^(?:(?:re|fw|fwd|tr|rv|wg|aw|r|i|enc)\s*:\s*)+/i, '').trim() || null;
      continue;
    }
    if (folded.trim()) inHeaders = false;
    if (QUOTE_INTRO.test(folded.trim())) {
      // The earlier messages of a thread: kept aside, read only when the reply itself says little.
      quoted.push(...lines.slice(i + 1).map((l) => l.replace(/^(?:>\s?)+/, '')));
      break;
    }
    if (/^\s*>/.test(line)) {
      quoted.push(line.replace(/^(?:>\s?)+/, ''));
      continue;
    }
    if (SIGN_OFF.test(folded.trim())) {
      signature = true;
      continue;
    }
    if (signature) {
      // A signature ends at a blank line followed by more content of substance (a forwarded booking).
      if (!folded.trim()) {
        signature = false;
        continue;
      }
      continue;
    }
    out.push(line);
  }
  // The reply says little ("see below", "here it is"): the quoted message is the document.
  const reply = out.join(' ').replace(/\s+/g, ' ').trim();
  if (quoted.length && reply.length < 120 && !/\d/.test(reply)) {
    const earlier = dropEmailNoise(quoted);
    return { lines: [...out, ...earlier.lines], subject: subject ?? earlier.subject };
  }
  return { lines: out, subject };
}

/**
 * A date with a time to the second ("23.04.2017 | 11:10:45 Uhr", "03/05/2026 10:32:11") is when
 * the document was written, printed or sent, never a time of the trip.
 */
const TIMESTAMP =
  /\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\s*[|,]?\s*(?:um\s+|at\s+|a las\s+|à\s+|alle\s+|as\s+)?\d{1,2}:\d{2}:\d{2}(?:\s*(?:uhr|h)\b)?/gi;

// "[12/03/2026, 10:32] Ana: ...", "12/03/2026, 10:32 - Ana: ...", "Ana (10:32): ...", "[10:32] Ana: ..."
const CHAT_PREFIX =
  /^\[?\d{1,2}[./]\d{1,2}[./]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\]?\s*(?:-\s*)?([^:]{1,40}):\s+/i;
const CHAT_NOTICE =
  /^\[?\d{1,2}[./]\d{1,2}[./]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\]?\s*-\s/i;
const CHAT_TIME_ONLY = /^\[\d{1,2}:\d{2}(?:\s?[ap]m)?\]\s*([^:]{1,40}):\s+/i;
const CHAT_NAME_TIME = /^([\p{L} .'-]{1,30})\s\(\d{1,2}:\d{2}\):\s+/u;

const isChatMessage = (line: string) =>
  CHAT_PREFIX.test(line) || CHAT_TIME_ONLY.test(line) || CHAT_NAME_TIME.test(line);

/** A chat message without its sender and time stamp (they are not the trip's dates). */
function unchat(line: string): string {
  return line.replace(CHAT_PREFIX, '').replace(CHAT_TIME_ONLY, '').replace(CHAT_NAME_TIME, '');
}

const NOISE = [
  // a plan the writer dropped ("Alternativ (verworfen): Hurtigruten Bergen–Ålesund")
  /\b(?:verworfen|discarded|rejected|scartat[oa]|descartad[oa]|rejeitad[oa]|abandonnee?|nicht gebucht|not booked)\b/,
  // an agency's or a company's registration: licence, guarantee, tax numbers (a letterhead's)
  /\b(?:immatriculation(?: atout france)?|garantie (?:financiere )?apst|atout france|rnavt|rnaat|licencia (?:de agencia|cicma|nº)|titulo-licencia|lic\. prov|licenza (?:n|prov)|p\.? ?iva|partita iva|codice fiscale|nipc|nif|cif|siret|siren|rcs [a-z]+|vat (?:no|reg|number)|ust-?id(?:nr)?|handelsregister|amtsgericht|atol (?:protected|no|number)|abta (?:no|number|member))\b.*\d{3}/,
  // legal footers and email boilerplate
  /\b(?:unsubscribe|darse de baja|desabonner|desinscrever|abmelden|disiscriviti|privacy policy|politica de privacidad|politique de confidentialite|politica de privacidade|datenschutz|informativa sulla privacy|all rights reserved|todos los derechos reservados|tous droits reserves|todos os direitos reservados|alle rechte vorbehalten|tutti i diritti riservati|this (?:e-?mail|message) (?:and any attachments )?(?:is|may be|contains)|este (?:correo|mensaje|e-?mail) (?:y sus anexos )?(?:es|puede|contiene)|ce (?:message|courriel|e-?mail) (?:et ses pieces jointes )?(?:est|peut|contient)|diese (?:e-?mail|nachricht) (?:enthalt|ist|kann)|questa (?:e-?mail|comunicazione|mail) (?:e|puo|contiene)|esta mensagem|confidential|confidencial|confidentiel|vertraulich|riservat[oa]|do not reply|no responda|ne pas repondre|nao responda|nicht antworten|non rispondere|view (?:this email )?in (?:your )?browser|ver en el navegador|voir dans le navigateur|im browser anzeigen|visualizza nel browser|printed on recycled|please consider the environment|antes de imprimir|avant d'imprimer|bitte denken sie an die umwelt|prima di stampare)\b/,
  // web pages: cookie banners, menus, reviews, sharing, newsletters
  /\b(?:cookies?|accept all|aceptar todas?|accepter tout|aceitar todos|alle akzeptieren|accetta tutti|sign in|log in|iniciar sesion|se connecter|entrar|anmelden|accedi|newsletter|subscribe|suscribete|abonnez-vous|inscreva-se|abonnieren|iscriviti|follow us|siguenos|suivez-nous|siga-nos|folgen sie uns|seguici|share on|compartir en|partager sur|compartilhar|teilen|condividi|back to top|volver arriba|retour en haut|voltar ao topo|nach oben|torna su|skip to (?:main )?content|verified review|reviewed|rated \d|de 5 estrellas|sur 5|von 5 sternen|su 5|out of 5|customers also|you may also like|tambien te puede interesar|vous aimerez aussi|voce tambem pode gostar|das konnte ihnen auch gefallen|potrebbe interessarti anche|trending|recommended for you|you might also like|popular this week|summer sale|sommeraktion|proximas promocoes|promociones|promozioni|offerte speciali|offres speciales|add to cart|anadir al carrito|ajouter au panier|in den warenkorb|aggiungi al carrello|book now|reserva ahora|reservez maintenant|reserve agora|jetzt buchen|prenota ora)\b/,
  /\b\d(?:[.,]\d)?\s*\/\s*5\b/,
  // an advert for the next booking ("prenota entro il 30/04 ... e risparmia il 20%! Codice promo ESTATE27")
  /\b(?:codice promo|promo ?code|promotional code|codigo promocional|code promo|gutscheincode|aktionscode|codigo de desconto|cupom)\b|\b(?:risparmia|save|ahorra|economisez|economize|sparen sie|spare)\s+(?:(?:il|el|le|ate|bis zu|up to|hasta el|jusqu'a)\s+)?\d{1,2}\s?%/,
];
/** Star ratings: reviews are noise, a hotel's category is not ("Hotel Quinta das Flores ★★★★"). */
const REVIEW =
  /\b(?:reviews?|rating|rated|opiniones|valoraciones|avis|note|bewertungen?|recensioni|avaliacoes|opinioes|guest said|customers)\b/;

const PHONE = /(?:\+\d{1,3}[\s.]?)?\(?\d{2,4}\)?(?:[\s.-]\d{2,4}){2,}/;
const OPENING_HOURS =
  /\b(?:dias uteis|todos os dias|tutti i giorni|giorni feriali|todos los dias|dias laborables|lun(?:es)?\.?\s*(?:a|-)\s*vie|mon(?:day)?\.?\s*(?:to|-)\s*fri|weekdays|daily|every day|tous les jours|jours ouvres|du lundi au vendredi|werktags|taglich|mo\.?\s*-\s*fr|horario|orario|opening hours|office hours|hours|horaires|offnungszeiten)\b/;

function isNoise(line: string): boolean {
  const folded = fold(line);
  if (NOISE.some((pattern) => pattern.test(folded))) return true;
  // A help line's phone number and opening hours ("Servizio Clienti: +39 0586 404 770 (tutti i
  // giorni 8-20)", "220 118 940 (dias úteis 9h–19h)"): no time of the trip.
  if (PHONE.test(line) && OPENING_HOURS.test(folded)) return true;
  if (/[★☆]{2,}/.test(line) && (REVIEW.test(folded) || line.replace(/[★☆\s]/g, '').length < 12))
    return true;
  // A menu: short words between separators ("Home | Tours | About us | Contact").
  const cells = line.split(/\s[|·•»]\s/);
  const tableHeader = cells.some(
    (c) =>
      /^(?:day|date|dia|fecha|jour|tag|datum|giorno|data|hotel|route|itinerary|programa|programme|programm|programma)$/.test(
        fold(c).trim(),
      ) || columnKind(c) !== null,
  );
  if (cells.length >= 4 && !tableHeader && cells.every((c) => c.length <= 20 && !/\d/.test(c)))
    return true;
  // Contact lines of the agency (its address and phone are not the trip's places).
  if (
    /^(?:tel|tel\.|phone|telefono|telefone|telephone|fax|mobile|movil|cell|email|e-mail|correo|web|www\.|http)\b/.test(
      folded,
    ) &&
    !/\b(?:hotel|check)/.test(folded)
  )
    return true;
  if (/^https?:\/\/\S+$/.test(line) || /^[\w.+-]+@[\w-]+\.[\w.]+$/.test(line)) return true;
  return false;
}

const DAY_KEYS =
  /^(?:days?|itinerary|itinerario|programa|programme|program|dias|jours|tage|giorni|schedule|plan)$/i;

/** Objects as "key: value" lines, in document order; arrays of days as one "Day n" section each. */
function flatten(value: unknown, key?: string): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => {
      const lines = flatten(item);
      if (key && DAY_KEYS.test(key) && typeof item === 'object' && item && !hasDayKey(item))
        return [`Day ${i + 1}`, ...lines];
      return lines;
    });
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      if (typeof v === 'object' && v !== null) return flatten(v, k);
      if (/^(?:day|dia|día|jour|tag|giorno)$/i.test(k) && typeof v === 'number')
        return [`Day ${v}`];
      return [`${label(k)}: ${String(v)}`];
    });
  }
  return [String(value)];
}

const hasDayKey = (item: object) =>
  Object.keys(item).some((k) => /^(?:day|dia|día|jour|tag|giorno)$/i.test(k));
const label = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
