import { checkImageFiles } from './document-upload.validation';

function file(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('checkImageFiles (registration documents)', () => {
  it('accepts images up to 5 MB', () => {
    const ok = file('id.png', 'image/png', 5 * 1024 * 1024);
    expect(checkImageFiles(0, [ok])).toEqual({ accepted: [ok], errors: [] });
  });

  it('refuses files that are not images', () => {
    const pdf = file('license.pdf', 'application/pdf', 100);
    const jpg = file('id.jpg', 'image/jpeg', 100);
    expect(checkImageFiles(0, [pdf, jpg])).toEqual({ accepted: [jpg], errors: ['license.pdf is not an image file'] });
  });

  it('refuses images over 5 MB', () => {
    const big = file('big.png', 'image/png', 5 * 1024 * 1024 + 1);
    expect(checkImageFiles(0, [big])).toEqual({ accepted: [], errors: ['big.png is too large. Maximum size is 5MB'] });
  });

  it('refuses a selection that would exceed 5 files', () => {
    const three = [1, 2, 3].map((n) => file(`p${n}.png`, 'image/png', 10));
    expect(checkImageFiles(3, three)).toEqual({ accepted: [], errors: ['Maximum 5 files allowed'] });
    expect(checkImageFiles(2, three).accepted).toHaveLength(3);
  });
});
