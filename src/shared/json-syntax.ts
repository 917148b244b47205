// Where a text stops being JSON, for the message of a 400: JSON.parse's own messages in Node 22
// sometimes give a position and sometimes only a quoted excerpt, never a line and column. Run
// only after JSON.parse has failed; iterative, so a deeply nested body cannot exhaust the stack.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

/** `unexpected '}' at line 2, column 3`, or `it ends too early (line 4, column 1)`; undefined for valid JSON. */
export function jsonSyntaxProblem(text: string): string | undefined {
  const offset = firstErrorOffset(text);
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  if (offset >= text.length) return `it ends too early (line ${line}, column ${column})`;
  return `unexpected ${tokenAt(text, offset)} at line ${line}, column ${column}`;
}

/** The offending token: a word (`undefined`, `NaN`, a bare key) whole, else one character. */
function tokenAt(text: string, offset: number): string {
  const word = /[\w$]{1,20}/y;
  word.lastIndex = offset;
  const token = word.exec(text)?.[0] ?? text[offset]!;
  return /^[\x21-\x7e]+$/.test(token)
    ? `'${token}'`
    : `character U+${text.codePointAt(offset)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function firstErrorOffset(text: string): number | undefined {
  let i = 0;
  const stack: string[] = [];
  const skip = () => {
    WHITESPACE.lastIndex = i;
    WHITESPACE.exec(text);
    i = WHITESPACE.lastIndex;
  };
  /** A string at i; false (i at the problem) when it is not one. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    STRING_BODY.lastIndex = i + 1;
    STRING_BODY.exec(text);
    i = STRING_BODY.lastIndex;
    if (text[i] !== '"') return false;
    i++;
    return true;
  };
  let state: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    skip();
    if (state === 'key') {
      if (!string()) return i;
      skip();
      if (text[i] !== ':') return i;
      i++;
      state = 'value';
    } else if (state === 'value') {
      const char = text[i];
      if (char === '{' || char === '[') {
        stack.push(char);
        i++;
        skip();
        if (text[i] === (char === '{' ? '}' : ']')) {
          stack.pop();
          i++;
          state = 'after';
        } else state = char === '{' ? 'key' : 'value';
        continue;
      }
      if (char === '"') {
        if (!string()) return i;
      } else if (text.startsWith('true', i) || text.startsWith('null', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else {
        NUMBER.lastIndex = i;
        if (!NUMBER.exec(text)) return i;
        i = NUMBER.lastIndex;
      }
      state = 'after';
    } else {
      const open = stack.at(-1);
      if (open === undefined) return i < text.length ? i : undefined;
      const char = text[i];
      if (char === ',') {
        i++;
        state = open === '{' ? 'key' : 'value';
      } else if (char === (open === '{' ? '}' : ']')) {
        stack.pop();
        i++;
      } else return i;
    }
  }
}
