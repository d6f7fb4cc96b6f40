import { describe, expect, it } from 'vitest';
import { MENU, menuKeyOf } from './menu.js';

const paths = MENU.flatMap((s) => s.items.map((i) => i.path));

describe('the side menu item of a location', () => {
  it('is the item itself, or the item whose page holds the location', () => {
    expect(menuKeyOf('/fw1/home', paths)).toBe('/fw1/home');
    // Every tab of basic info highlights "Basic info", whose menu link opens the first tab.
    expect(menuKeyOf('/fw1/basic_info/shift_info', paths)).toBe('/fw1/basic_info/project_info');
    expect(menuKeyOf('/fw0/sys/userSetting/password', paths)).toBe('/fw0/sys/userSetting/password');
    // A location outside every item highlights nothing.
    expect(menuKeyOf('/fw1/nowhere', paths)).toBe('/fw1/nowhere');
  });
});
