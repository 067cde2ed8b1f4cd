import { detectImageMime, safeFileName, uploadMessages, uploadUrl } from './uploads';
import { pageBodySchemas, settingsBodySchema } from './schemas';

describe('detectImageMime', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes, nothing else', () => {
    expect(detectImageMime(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(detectImageMime(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImageMime(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(detectImageMime(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(detectImageMime(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(detectImageMime(new TextEncoder().encode('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(detectImageMime(new Uint8Array())).toBeNull();
  });
});

describe('upload messages and names', () => {
  it('uses the spec wording', () => {
    expect(uploadMessages.notAnImage('a.png')).toBe('a.png is not an image file');
    expect(uploadMessages.tooLarge('a.png', 5 * 1024 * 1024)).toBe('a.png is too large. Maximum size is 5MB');
    expect(uploadMessages.tooMany(5)).toBe('Maximum 5 files allowed');
  });
  it('makes names safe for URLs and storage keys, with the extension of the detected type', () => {
    expect(safeFileName('../../etc/passwd.png', 'image/jpeg')).toBe('passwd.jpg');
    expect(safeFileName('My Logo (final).PNG', 'image/png')).toBe('My-Logo-final.png');
    expect(safeFileName('', 'image/gif')).toBe('image.gif');
    expect(uploadUrl('id', 'a b.png')).toBe('/api/uploads/id/a%20b.png');
  });
});

describe('content body schemas', () => {
  it('takes card prices as text of a number >= 0 and refuses unknown fields', () => {
    expect(pageBodySchemas.home.parse({ data: { Cards: [{ title: 't', body: 'b', price: 100 }] } }).data.Cards?.[0]?.price).toBe('100');
    expect(pageBodySchemas.home.safeParse({ data: { Cards: [{ title: 't', body: 'b', price: '-1' }] } }).success).toBe(false);
    expect(pageBodySchemas.about.safeParse({ data: { headerText: 'x', extra: 1 } }).success).toBe(false);
  });
  it('takes fees as whole percentages', () => {
    expect(settingsBodySchema.parse({ data: { serviceFee: '15' } }).data.serviceFee).toBe(15);
    expect(settingsBodySchema.safeParse({ data: { walletFee: 12.5 } }).success).toBe(false);
    expect(settingsBodySchema.safeParse({ data: { walletFee: 101 } }).success).toBe(false);
  });
});
