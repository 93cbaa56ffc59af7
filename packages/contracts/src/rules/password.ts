export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%&()+';
export const PASSWORD_RULES_MESSAGE = 'Password does not meet security requirements';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

export type PasswordRules = {
  minimumLength: number;
  numOfCapitalLetters: number;
  numOfNumbers: number;
  numOfSpecialCharacters: number;
};

/** Alternative field names some settings sources use for the same rules. */
export type PasswordRulesAlias = {
  minLength: number;
  capitalLetters: number;
  numbers: number;
  specialCharacters: number;
};

/** Either shape (or a mix); missing fields count as 0. */
export type PasswordRulesInput = Partial<PasswordRules> & Partial<PasswordRulesAlias>;

export type PasswordRuleKey = 'minimumLength' | 'capitalLetters' | 'numbers' | 'specialCharacters';

export type PasswordCheck = { ok: boolean; failures: PasswordRuleKey[] };

export type PasswordHintPart = { key: PasswordRuleKey; count: number };

function toCount(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
}

export function normalizePasswordRules(input: PasswordRulesInput | null | undefined): PasswordRules {
  return {
    minimumLength: toCount(input?.minimumLength ?? input?.minLength),
    numOfCapitalLetters: toCount(input?.numOfCapitalLetters ?? input?.capitalLetters),
    numOfNumbers: toCount(input?.numOfNumbers ?? input?.numbers),
    numOfSpecialCharacters: toCount(input?.numOfSpecialCharacters ?? input?.specialCharacters),
  };
}

/** Required count per rule, in the order failures and hints are reported. */
function requirements(input: PasswordRulesInput): PasswordHintPart[] {
  const rules = normalizePasswordRules(input);
  return [
    { key: 'minimumLength', count: rules.minimumLength },
    { key: 'capitalLetters', count: rules.numOfCapitalLetters },
    { key: 'numbers', count: rules.numOfNumbers },
    { key: 'specialCharacters', count: rules.numOfSpecialCharacters },
  ];
}

function countIn(chars: string[], matches: (char: string) => boolean): number {
  return chars.filter(matches).length;
}

export function checkPassword(password: string, rules: PasswordRulesInput): PasswordCheck {
  // Code points, so an emoji counts as one character.
  const chars = Array.from(password);
  const found: Record<PasswordRuleKey, number> = {
    minimumLength: chars.length,
    capitalLetters: countIn(chars, (c) => c >= 'A' && c <= 'Z'),
    numbers: countIn(chars, (c) => c >= '0' && c <= '9'),
    specialCharacters: countIn(chars, (c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
  const failures = requirements(rules)
    .filter((part) => found[part.key] < part.count)
    .map((part) => part.key);
  return { ok: failures.length === 0, failures };
}

export function passwordHintParts(rules: PasswordRulesInput): PasswordHintPart[] {
  return requirements(rules).filter((part) => part.count > 0);
}

/** The special characters as shown in hints: '! @ # $ % & ( ) +'. */
export const PASSWORD_SPECIAL_CHARACTERS_DISPLAY = Array.from(PASSWORD_SPECIAL_CHARACTERS).join(' ');

const ENGLISH_NOUNS: Record<PasswordRuleKey, [singular: string, plural: string]> = {
  minimumLength: ['character', 'characters'],
  capitalLetters: ['capital letter', 'capital letters'],
  numbers: ['number', 'numbers'],
  specialCharacters: ['special character', 'special characters'],
};

/** English hint for server emails and tests; the UI renders passwordHintParts from its language pack. Empty when there are no rules. */
export function formatPasswordHintEnglish(rules: PasswordRulesInput): string {
  const phrases = passwordHintParts(rules).map(({ key, count }) => {
    const [singular, plural] = ENGLISH_NOUNS[key];
    const phrase = `${count} ${count === 1 ? singular : plural}`;
    return key === 'specialCharacters' ? `${phrase} (${PASSWORD_SPECIAL_CHARACTERS_DISPLAY})` : phrase;
  });
  if (phrases.length === 0) return '';
  const last = phrases.pop();
  const list = phrases.length > 0 ? `${phrases.join(', ')} and ${last}` : last;
  return `Use at least ${list}`;
}
