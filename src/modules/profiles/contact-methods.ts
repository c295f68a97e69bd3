import type { FieldError } from '../../platform/http/errors.ts';
import type { ContactMethod } from './profiles.table.ts';

const PHONE = /^\+?[1-9]\d{6,14}$/;
const TELEGRAM_USERNAME = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const MESSENGER_USERNAME = /^(https:\/\/m\.me\/)?[A-Za-z0-9.]{5,50}$/;

const isPhone = (value: string) => PHONE.test(value.replace(/[\s().-]/g, ''));

/** Each method's own value rules: players have to be able to reach each other through it. */
const RULES: Record<ContactMethod['name'], { accepts: (value: string) => boolean; expected: string }> = {
  WHATSAPP: { accepts: isPhone, expected: 'a phone number with country code, like +65 9123 4567' },
  TELEGRAM: { accepts: (value) => isPhone(value) || TELEGRAM_USERNAME.test(value), expected: 'a phone number or a username of 5–32 letters, digits or _' },
  MESSENGER: { accepts: (value) => MESSENGER_USERNAME.test(value), expected: 'a username of 5–50 letters, digits or dots, or an https://m.me/ link' },
};

/** Trimmed methods, or the errors of the values that do not fit their method; exact repeats are refused. */
export function checkContactMethods(methods: ContactMethod[]): { methods: ContactMethod[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  const trimmed = methods.map((method, index) => {
    const value = method.value.trim();
    const rule = RULES[method.name];
    const key = `${method.name}:${value.toLowerCase()}`;
    if (!rule.accepts(value)) errors.push({ field: `contactMethods[${index}].value`, location: 'body', message: `must be ${rule.expected}` });
    else if (seen.has(key)) errors.push({ field: `contactMethods[${index}]`, location: 'body', message: `repeats contactMethods[${seen.get(key)}]` });
    seen.set(key, seen.get(key) ?? index);
    return { name: method.name, value };
  });
  return { methods: trimmed, errors };
}
