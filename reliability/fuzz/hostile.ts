import fc from 'fast-check';

/**
 * Hostile values: what an attacker or a broken client puts where a well-formed value belongs.
 * Huge strings are not built here; `{ [HUGE]: length }` stands for one and is expanded when the
 * request is written, so that thousands of generated cases stay small in memory.
 */
export const HUGE = '__fuzzHuge';
export type HugeString = { [HUGE]: number; unit: string };
export const huge = (length: number, unit = 'a'): HugeString => ({ [HUGE]: length, unit });
export const isHuge = (value: unknown): value is HugeString => typeof value === 'object' && value !== null && HUGE in value;

export const expandHuge = (value: HugeString): string => value.unit.repeat(Math.ceil(value[HUGE] / value.unit.length)).slice(0, value[HUGE]);

export const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE users; --',
  "'; SELECT pg_sleep(5); --",
  '" OR ""="',
  "1' UNION SELECT null, current_user, version() --",
  '$1',
  "%' AND 1=0 UNION ALL SELECT table_name FROM information_schema.tables --",
  "admin'--",
  "\\'; COPY (SELECT '') TO PROGRAM 'id'; --",
  '1)) OR ((1=1',
  "' || (SELECT chr(65)) || '",
];

export const SCRIPT_INJECTION = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'-alert(1)-'",
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '<%= 7*7 %>',
  '${7*7}',
  '#{7*7}',
  '</title><script>alert(1)</script>',
  '<iframe src="data:text/html,<script>alert(1)</script>">',
];

export const PATH_TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '%252e%252e%252f',
  '/etc/passwd',
  'file:///etc/passwd',
  '..',
  '.',
  '%00',
  '..%00/',
  '%c0%ae%c0%ae/',
];

export const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\u0000',
  'nul\u0000byte',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035A\u035B',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\uFFFF',
  '\uFFFE',
  '𝕳𝖊𝖑𝖑𝖔',
  'ﷺ',
  'İı',
  '\u0085\u2028\u2029',
  '\r\n',
  '\t',
  ' ',
  '',
  '\u00A0',
  'ß'.repeat(50),
  '\u0000'.repeat(10),
  'א\u05D1ג',
  '٣٤٥',
];

export const FORMAT_AND_MISC = [
  '%s%s%s%n',
  '%x%x%x',
  '{"$ne":null}',
  '[object Object]',
  'undefined',
  'null',
  'NaN',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '0x41',
  '1e400',
  '-1e400',
  'Infinity',
  '-Infinity',
  '-0',
  '00000001',
  '1_000',
  '9'.repeat(400),
  '2026-02-30T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2026-13-01',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{{',
  '}}',
  '\\',
  '"',
  "'",
  '`',
  ';',
  '|',
  '&&',
  'a'.repeat(201),
  'A1b2C3d4',
  'AAAAAAAA',
  '********',
  'ab cd ef',
];

export const HOSTILE_STRINGS = [...SQL_INJECTION, ...SCRIPT_INJECTION, ...PATH_TRAVERSAL, ...UNICODE_EDGES, ...FORMAT_AND_MISC];

export const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -1.5,
  0.1,
  1e-300,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  4294967296,
  999999999999,
  1.2345678901234568e29,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  91,
  -91,
  181,
  101,
  1001,
  51,
  50.0000001,
];

/** Strings of several sizes: inside field limits, just beyond, far beyond; plus unicode-heavy ones. */
export const hugeStrings: fc.Arbitrary<HugeString> = fc.oneof(
  fc.constantFrom(101, 201, 501, 1001, 5001, 10_001, 65_537, 200_000, 900_000).map((n) => huge(n)),
  fc.constantFrom(1000, 60_000, 300_000).map((n) => huge(n, '😀')),
  fc.constantFrom(1000, 50_000).map((n) => huge(n, 'e\u0301')),
  fc.constantFrom(5000).map((n) => huge(n, '\u0000')),
);

export const hostileString: fc.Arbitrary<string | HugeString> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\uD800', '\uDC00', '\u0000', 'a', '/', '%', '"', '\\'), maxLength: 20 }) },
  { weight: 1, arbitrary: hugeStrings },
);

/** Anything that is not what the schema asked for, in JSON. */
export const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, '', [], {}, [null], [[[]]], { a: { b: { c: {} } } }),
  fc.constantFrom(...HOSTILE_NUMBERS),
  hostileString,
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', 'x'), hostileString, { maxKeys: 3 }),
);

/** Query and path values are text: hostile text, numbers at the edges, and malformed escapes. */
export const hostileText: fc.Arbitrary<{ text: string | HugeString; raw?: boolean }> = fc.oneof(
  { weight: 6, arbitrary: hostileString.map((text) => ({ text })) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map((n) => ({ text: String(n) })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('%zz', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', '%2F', '%252F', '..%2F', '%u0041', '%%')
      .map((text) => ({ text, raw: true })),
  },
);

/** Percent-encoding that also sends lone surrogates (as their WTF-8 bytes), where encodeURIComponent throws. */
export function percentEncode(input: string): string {
  let out = '';
  for (const char of input) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
