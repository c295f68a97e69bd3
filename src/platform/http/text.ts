import { Type } from 'typebox';

/**
 * Characters that change how text around them reads or that show nothing: bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069, which
 * make "gnp.exe" read as "exe.png"), zero-width space, word joiner and invisible operators,
 * the byte-order mark and the interlinear annotation marks. Zero-width (non-)joiners stay allowed:
 * scripts and emoji sequences need them.
 */
const HIDDEN = '\\u061C\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF\\uFFF9-\\uFFFB';
/** What shows nothing on its own: spaces, control and formatting characters, Hangul fillers, the blank braille cell. */
const BLANK = '\\p{White_Space}\\p{Cc}\\p{Cf}\\u115F\\u1160\\u3164\\uFFA0\\u2800';
const VISIBLE = `(?=[\\s\\S]*[^${BLANK}])`;
/** A lone surrogate (U+D800–U+DFFF outside a pair) is not text: stored or written as JSON, the database refuses it. */
const BROKEN = '\\p{Cs}';
const LINE = `[^\\p{Cc}${BROKEN}${HIDDEN}]*`;

/** One line: no control character at all (CR, LF and tab included), nothing hidden, something visible. */
export const NAME_PATTERN = `^${VISIBLE}${LINE}$`;
/** Free text may hold line breaks and tabs; no other control character, nothing hidden, something visible. */
export const TEXT_PATTERN = `^${VISIBLE}[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F${BROKEN}${HIDDEN}]*$`;
/** One line, nothing hidden, but blank allowed: for names the service drops when blank (guest names). */
export const OPTIONAL_NAME_PATTERN = `^${LINE}$`;

const NAME_WORDS = 'Text on one line with something visible: no control, bidirectional or invisible formatting characters, no unpaired surrogate';
const TEXT_WORDS =
  'Text with something visible: no control characters other than line breaks and tabs, no bidirectional or invisible formatting characters, no unpaired surrogate';
const OPTIONAL_NAME_WORDS = 'Text on one line: no control, bidirectional or invisible formatting characters, no unpaired surrogate';

type TextOptions = { maxLength: number; description?: string };
const words = (rule: string, options: TextOptions) => (options.description ? `${options.description}. ${rule}` : rule);

/** A user-chosen name or title (see docs/conventions.md, "Names and text"). */
export const NameText = (options: TextOptions) => Type.String({ maxLength: options.maxLength, pattern: NAME_PATTERN, description: words(NAME_WORDS, options) });

/** A user's free text (a description, a message, a note): line breaks allowed. */
export const FreeText = (options: TextOptions) => Type.String({ maxLength: options.maxLength, pattern: TEXT_PATTERN, description: words(TEXT_WORDS, options) });

/** A name the service drops when blank: the name rule without "something visible". */
export const OptionalNameText = (options: TextOptions) =>
  Type.String({ maxLength: options.maxLength, pattern: OPTIONAL_NAME_PATTERN, description: words(OPTIONAL_NAME_WORDS, options) });

const rules = new Map([NAME_PATTERN, TEXT_PATTERN, OPTIONAL_NAME_PATTERN].map((pattern) => [pattern, new RegExp(pattern, 'u')]));
/** The same rules outside a schema (the fuzzer's oracle uses them): the test of a schema pattern that is one of them. */
export const textRuleOf = (pattern: unknown): ((value: string) => boolean) | undefined => {
  const rule = typeof pattern === 'string' ? rules.get(pattern) : undefined;
  return rule && ((value: string) => rule.test(value));
};
export const isNameText = textRuleOf(NAME_PATTERN)!;
