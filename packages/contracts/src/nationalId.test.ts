import { describe, expect, it } from 'vitest';
import { nationalIdProblem, nationalIdSchema } from './nationalId.js';
import { render } from './said.js';

const problem = (id: string) => {
  const said = nationalIdProblem(id, new Date('2026-11-30T00:00:00Z'));
  return said && render(said, 'en');
};

describe('an Egyptian national ID', () => {
  it('is 14 digits: the century, a birth date, a governorate, a serial and a check digit', () => {
    expect(problem('29001010100015')).toBeNull(); // born 1 January 1990 in Cairo
    expect(problem('30402291201236')).toBeNull(); // 29 February 2004 (a leap year), Dakahlia
    expect(problem('28512318800011')).toBeNull(); // born abroad
  });

  it('says what is wrong, part by part', () => {
    expect(problem('2900101010001')).toBe('A national ID is 14 digits');
    expect(problem('290010101000155')).toBe('A national ID is 14 digits');
    expect(problem('2900101010001x')).toBe('A national ID is 14 digits');
    expect(problem('19001010100015')).toMatch(/^A national ID starts with 2/);
    expect(problem('29013010100015')).toMatch(/birth date/); // month 13
    expect(problem('30502290100015')).toMatch(/birth date/); // 29 February 2005
    expect(problem('32701010100015')).toMatch(/birth date/); // 2027: not born yet
    expect(problem('29001010500015')).toMatch(/governorate code/); // 05 is nobody's
  });

  it('is typed in Arabic-Indic digits, with spaces or dashes, and comes out as 14 Latin digits', () => {
    expect(nationalIdSchema.parse('٢٩٠٠١٠١٠١٠٠٠١٥')).toBe('29001010100015');
    expect(nationalIdSchema.parse('2 900101 01 0001 5')).toBe('29001010100015');
    expect(nationalIdSchema.safeParse('2900101010001').success).toBe(false);
  });
});
