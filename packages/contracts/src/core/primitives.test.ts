import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import {
  ChainageSchema,
  digitsAsNumber,
  EmailSchema,
  IdCardSchema,
  IntegerSchema,
  isIdCard,
  nameSchema,
  NonNegativeIntegerSchema,
  NumberSchema,
  PasswordSchema,
  PhoneSchema,
  SortNumberSchema,
  CountryCodeSchema,
  isLocalDate,
  minutesToWallTime,
  TimeZoneSchema,
  WallTimeSchema,
  wallTimeToMinutes,
} from './primitives.js';

/** Messages of the issues of a rejected value (fails the test when the value is accepted). */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  expect(result.success, `${JSON.stringify(value)} should be rejected`).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function accepted(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  expect(result.success, `${JSON.stringify(value)} should be accepted: ${JSON.stringify(result.error?.issues)}`).toBe(
    true,
  );
  return result.data;
}

/**
 * ISO 7064 MOD 11-2 check character, written from the standard rather than from the source:
 * weight of position i (0-based, 17 digits) is 2^(17 - i) mod 11, check = (12 - sum mod 11) mod 11, 10 -> X.
 */
function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * (2 ** (17 - i) % 11);
  const check = (12 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

const CHECK_CHARACTERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X'];

describe('PhoneSchema', () => {
  it.each(['1', '3912345678', '12345678901234567890', '0039'])('accepts the digits %s', (phone) => {
    expect(accepted(PhoneSchema, phone)).toBe(phone);
  });

  it('trims the surrounding spaces', () => {
    expect(accepted(PhoneSchema, ' 3912345678 ')).toBe('3912345678');
  });

  it.each(['123456789012345678901', '39123abc', 'abc', '+39123456', '39 123 456', '39-123', '1.5'])(
    'rejects %j with validation.phone',
    (phone) => {
      expect(messagesOf(PhoneSchema, phone)).toEqual(['validation.phone']);
    },
  );

  it('accepts 20 digits and rejects 21', () => {
    expect(LIMITS.phoneMaxLength).toBe(20);
    expect(accepted(PhoneSchema, '9'.repeat(20))).toBe('9'.repeat(20));
    expect(messagesOf(PhoneSchema, '9'.repeat(21))).toEqual(['validation.phone']);
  });

  it.each(['', '   '])('rejects the empty %j, first as required', (phone) => {
    const messages = messagesOf(PhoneSchema, phone);
    expect(messages[0]).toBe('validation.required');
    for (const message of messages) expect(['validation.required', 'validation.phone']).toContain(message);
  });

  it.each([undefined, null, 3912345678])('rejects the non-text %j as required', (value) => {
    expect(messagesOf(PhoneSchema, value)).toEqual(['validation.required']);
  });
});

describe('EmailSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(accepted(EmailSchema, '  John.Doe@Example.COM ')).toBe('john.doe@example.com');
    expect(accepted(EmailSchema, 'a@b.co')).toBe('a@b.co');
  });

  it.each(['john', 'john@', '@example.com', 'john@example', 'jo hn@example.com', 'a@b@c.de', 'john@example.', 'john@.'])(
    'rejects %j with validation.email',
    (email) => {
      expect(messagesOf(EmailSchema, email)).toEqual(['validation.email']);
    },
  );

  it('rejects the empty address as required', () => {
    expect(messagesOf(EmailSchema, '')[0]).toBe('validation.required');
    expect(messagesOf(EmailSchema, undefined)).toEqual(['validation.required']);
  });

  it('rejects addresses longer than the limit with validation.maxLength', () => {
    const local = 'a'.repeat(64);
    const domainOf = (length: number) => `${'b'.repeat(length - 4)}.com`;
    const fits = `${local}@${domainOf(LIMITS.emailMaxLength - local.length - 1)}`;
    expect(fits).toHaveLength(LIMITS.emailMaxLength);
    expect(accepted(EmailSchema, fits)).toBe(fits);
    const tooLong = `${local}@${domainOf(LIMITS.emailMaxLength - local.length)}`;
    expect(messagesOf(EmailSchema, tooLong)).toEqual(['validation.maxLength']);
  });
});

describe('isIdCard and IdCardSchema', () => {
  it('agrees with the published example of the standard', () => {
    expect(checkCharacter('11010519491231002')).toBe('X');
    expect(isIdCard('11010519491231002X')).toBe(true);
  });

  it('accepts a computed ID and rejects every other check character', () => {
    const body = '44030019900101123';
    const check = checkCharacter(body);
    expect(isIdCard(`${body}${check}`)).toBe(true);
    for (const wrong of CHECK_CHARACTERS.filter((c) => c !== check)) {
      expect(isIdCard(`${body}${wrong}`), wrong).toBe(false);
    }
  });

  it('accepts an X check digit in either case', () => {
    const body = '11010519491231002';
    expect(isIdCard(`${body}X`)).toBe(true);
    expect(isIdCard(`${body}x`)).toBe(true);
    expect(isIdCard(`${body}0`)).toBe(false);
  });

  it('checks the digit of any 17-digit body', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (body) => {
        const check = checkCharacter(body);
        expect(isIdCard(`${body}${check}`)).toBe(true);
        const wrong = CHECK_CHARACTERS[(CHECK_CHARACTERS.indexOf(check) + 1) % 11] ?? '';
        expect(isIdCard(`${body}${wrong}`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts 15-digit legacy IDs, which have no check digit', () => {
    expect(isIdCard('110105491231002')).toBe(true);
    expect(isIdCard('11010549123100X')).toBe(false);
  });

  it.each(['', '1101054912310', '1101054912310021', '11010519491231002X1', '1101051949123100XX', 'A1010519491231002X'])(
    'rejects the malformed %j',
    (text) => {
      expect(isIdCard(text)).toBe(false);
    },
  );

  it('trims and checks in the schema, with validation.idCard', () => {
    expect(accepted(IdCardSchema, ' 11010519491231002X ')).toBe('11010519491231002X');
    expect(messagesOf(IdCardSchema, '110105194912310021')).toEqual(['validation.idCard']);
    expect(messagesOf(IdCardSchema, undefined)).toEqual(['validation.required']);
  });
});

describe('IntegerSchema', () => {
  it.each([
    [42, 42],
    [-7, -7],
    [0, 0],
    ['42', 42],
    [' -7 ', -7],
    ['007', 7],
  ])('accepts %j as %d', (value, expected) => {
    expect(accepted(IntegerSchema, value)).toBe(expected);
  });

  it.each(['1.5', 1.5, 'abc', '', '1e3', '12a', Number.NaN, Number.POSITIVE_INFINITY, true])(
    'rejects %o with validation.integer',
    (value) => {
      expect(messagesOf(IntegerSchema, value)).toEqual(['validation.integer']);
    },
  );
});

describe('NumberSchema', () => {
  it.each([
    [1.5, 1.5],
    [-3, -3],
    ['-3.25', -3.25],
    ['10', 10],
    [' 0.125 ', 0.125],
  ])('accepts %j as %d', (value, expected) => {
    expect(accepted(NumberSchema, value)).toBe(expected);
  });

  it.each(['abc', '', '1.', '.5', '1,5', '1e3', '--1', Number.NaN, Number.POSITIVE_INFINITY, null])(
    'rejects %o with validation.number',
    (value) => {
      expect(messagesOf(NumberSchema, value)).toEqual(['validation.number']);
    },
  );
});

describe('SortNumberSchema', () => {
  it.each([
    [1, 1],
    [99, 99],
  ])('accepts %j as %d', (value, expected) => {
    expect(accepted(SortNumberSchema, value)).toBe(expected);
  });

  // Numbers only: text and booleans are no sort number (a query string's digits are read as numbers by the server).
  it.each([0, -1, 1.5, '3', true, null, '0', '-1', '1.5', 'abc', ''])('rejects %j with validation.sortNumber', (value) => {
    const messages = messagesOf(SortNumberSchema, value);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toBe('validation.sortNumber');
  });
});

describe('NonNegativeIntegerSchema', () => {
  it.each([
    [0, 0],
    [12, 12],
  ])('accepts %j as %d', (value, expected) => {
    expect(accepted(NonNegativeIntegerSchema, value)).toBe(expected);
  });

  it.each([-1, 1.5, '0', '12', true, '-1', '2.5', 'x'])('rejects %j with validation.nonNegativeInteger', (value) => {
    const messages = messagesOf(NonNegativeIntegerSchema, value);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toBe('validation.nonNegativeInteger');
  });
});

describe('SortNumberSchema and NonNegativeIntegerSchema when left out', () => {
  it('ask for the field', () => {
    expect(messagesOf(SortNumberSchema, undefined)).toEqual(['validation.required']);
    expect(messagesOf(NonNegativeIntegerSchema, undefined)).toEqual(['validation.required']);
  });
});

describe('digitsAsNumber', () => {
  it('reads the digits of a form field as the number, and leaves other text for the schema to refuse', () => {
    expect(accepted(digitsAsNumber(SortNumberSchema), ' 4 ')).toBe(4);
    expect(accepted(digitsAsNumber(SortNumberSchema), 4)).toBe(4);
    expect(messagesOf(digitsAsNumber(SortNumberSchema), 'four')).toEqual(['validation.sortNumber']);
  });
});

describe('ChainageSchema', () => {
  it.each([
    ['4+219.833', 4219.833],
    ['DK12+345.678', 12345.678],
    ['CH 1+000.5', 1000.5],
    ['-0+100', -100],
  ])('transforms %s to %d metres', (text, metres) => {
    expect(accepted(ChainageSchema, text)).toBe(metres);
  });

  it.each(['12+34', 'abc', '1+0000', ''])('rejects %j with validation.chainage', (text) => {
    expect(messagesOf(ChainageSchema, text)).toEqual(['validation.chainage']);
  });

  it('rejects a non-text value as required', () => {
    expect(messagesOf(ChainageSchema, 12345)).toEqual(['validation.required']);
  });
});

describe('PasswordSchema', () => {
  it('accepts 8 to 64 characters', () => {
    expect(accepted(PasswordSchema, 'a'.repeat(8))).toBe('aaaaaaaa');
    expect(accepted(PasswordSchema, 'Zx9!'.repeat(16))).toHaveLength(64);
  });

  it.each([0, 1, 7, 65, 100])('rejects %i characters with validation.passwordLength', (length) => {
    expect(messagesOf(PasswordSchema, 'p'.repeat(length))).toEqual(['validation.passwordLength']);
  });

  it('rejects a missing password as required', () => {
    expect(messagesOf(PasswordSchema, undefined)).toEqual(['validation.required']);
  });
});

describe('nameSchema', () => {
  const Name50 = nameSchema(50);

  it('accepts up to 50 characters after trimming', () => {
    expect(accepted(Name50, '  Ann  ')).toBe('Ann');
    expect(accepted(Name50, 'n'.repeat(50))).toBe('n'.repeat(50));
    expect(accepted(Name50, ` ${'n'.repeat(50)} `)).toBe('n'.repeat(50));
  });

  it('rejects 51 characters with validation.maxLength and the maximum for the message', () => {
    const result = Name50.safeParse('n'.repeat(51));
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(result.error?.issues).toHaveLength(1);
    expect(issue?.message).toBe('validation.maxLength');
    expect(issue?.code).toBe('too_big');
    expect(issue && 'maximum' in issue ? issue.maximum : undefined).toBe(50);
  });

  it.each(['', '   ', undefined, null])('requires a name: %j', (value) => {
    expect(messagesOf(Name50, value)).toEqual(['validation.required']);
  });

  it('applies the given maximum', () => {
    expect(accepted(nameSchema(3), 'abc')).toBe('abc');
    expect(messagesOf(nameSchema(3), 'abcd')).toEqual(['validation.maxLength']);
  });
});

describe('project calendar, clock, zone and country', () => {
  it.each(['2026-01-31', '2028-02-29', '2026-12-01'])('accepts the calendar date %s', (date) => {
    expect(isLocalDate(date)).toBe(true);
  });

  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', '01/02/2026'])('rejects %s as a date', (date) => {
    expect(isLocalDate(date)).toBe(false);
  });

  it('reads and writes wall-clock times, minute for minute over the whole day', () => {
    for (let minute = 0; minute < 1440; minute += 1) {
      const text = minutesToWallTime(minute);
      expect(accepted(WallTimeSchema, text)).toBe(text);
      expect(wallTimeToMinutes(text)).toBe(minute);
    }
    for (const bad of ['24:00', '7:00', '07:60', '0700', '07:00:00']) expect(messagesOf(WallTimeSchema, bad)).toEqual(['validation.time']);
  });

  it('keeps IANA zones in their canonical spelling and refuses unknown names and bare offsets', () => {
    expect(accepted(TimeZoneSchema, 'europe/rome')).toBe('Europe/Rome');
    expect(accepted(TimeZoneSchema, 'Asia/Shanghai')).toBe('Asia/Shanghai');
    for (const bad of ['Mars/Olympus_Mons', '+01:00', 'Europe/Rome; drop table']) expect(messagesOf(TimeZoneSchema, bad)).toEqual(['validation.timeZone']);
    expect(messagesOf(TimeZoneSchema, '')).toEqual(['validation.required']);
  });

  it('takes assigned ISO 3166 country codes only', () => {
    expect(accepted(CountryCodeSchema, 'it')).toBe('IT');
    expect(accepted(CountryCodeSchema, 'CN')).toBe('CN');
    for (const bad of ['QQ', 'EU', 'ZZ', 'ITA', 'I']) expect(messagesOf(CountryCodeSchema, bad)).toEqual(['validation.country']);
  });
});
