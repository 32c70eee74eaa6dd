import { describe, expect, it } from 'vitest';
import { chosenValues, toggled, toggleOption } from './choices';

describe('toggled', () => {
  it('adds a value or takes it out, and is no list once empty', () => {
    expect(toggled(undefined, 'M')).toEqual(['M']);
    expect(toggled(['M'], 'L')).toEqual(['M', 'L']);
    expect(toggled(['M', 'L'], 'M')).toEqual(['L']);
    expect(toggled(['M'], 'M')).toBeUndefined();
  });
});

describe('toggleOption', () => {
  it("chooses or unchooses an option's value, keeping the options' order", () => {
    const filters = { brand: ['LG'], options: { Size: ['M'], Colour: ['Red'] } };
    expect(toggleOption(filters, 'Size', 'L')).toEqual({
      brand: ['LG'],
      options: { Size: ['M', 'L'], Colour: ['Red'] },
    });
    expect(toggleOption(filters, 'Size', 'M')).toEqual({ brand: ['LG'], options: { Colour: ['Red'] } });
    expect(toggleOption({ options: { Size: ['M'] } }, 'Size', 'M')).toEqual({ options: undefined });
    expect(toggleOption({}, 'constructor', 'x')).toEqual({ options: { constructor: ['x'] } });
    expect(chosenValues({}, 'constructor')).toEqual([]);
  });
});
