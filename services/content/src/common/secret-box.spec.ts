import { randomBytes } from 'node:crypto';
import { isMask, maskSecret, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips, never stores the plain text and uses a fresh IV each time', () => {
    const a = box.seal('sk_live_51Habcdefghijklmnop1234', 'ctx');
    const b = box.seal('sk_live_51Habcdefghijklmnop1234', 'ctx');
    expect(a).not.toContain('sk_live');
    expect(a).not.toBe(b);
    expect(box.open(a, 'ctx')).toBe('sk_live_51Habcdefghijklmnop1234');
  });

  it('refuses a tampered value, another context or another key', () => {
    const sealed = box.seal('secret-value', 'ctx');
    const parts = sealed.split(':');
    const data = Buffer.from(parts[3]!, 'base64');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64');
    expect(() => box.open(parts.join(':'), 'ctx')).toThrow();
    expect(() => box.open(sealed, 'other')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow();
  });
});

describe('maskSecret', () => {
  it('keeps the prefix and the last 4 characters only', () => {
    expect(maskSecret('sk_live_51HabcdefghijklmnopWXYZ')).toBe('sk_live_…WXYZ');
    expect(maskSecret('sk_test_4eC39HqLyjWDarjtT1zdp7dc')).toBe('sk_test_…p7dc');
    expect(maskSecret('abcdefghijklmnop')).toBe('…mnop');
    expect(maskSecret('short')).toBe('…rt');
    expect(isMask(maskSecret('sk_live_51HabcdefghijklmnopWXYZ'))).toBe(true);
    expect(isMask('sk_live_51HabcdefghijklmnopWXYZ')).toBe(false);
  });
});
