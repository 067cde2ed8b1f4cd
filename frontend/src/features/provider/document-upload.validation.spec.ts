import { checkImageFiles, UPLOAD_ACCEPT, uploadTypeOf } from './document-upload.validation';

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

  it('takes exactly the types the server stores, and says what to choose instead of a HEIC photo before any upload', () => {
    expect(UPLOAD_ACCEPT).toBe('image/jpeg,image/png,image/gif,image/webp');
    const heic = file('IMG_0001.HEIC', 'image/heic', 100);
    const svg = file('logo.svg', 'image/svg+xml', 100);
    const webp = file('id.webp', 'image/webp', 100);
    const gif = file('id.gif', 'image/gif', 100);
    expect(checkImageFiles(0, [heic, svg, webp, gif])).toEqual({
      accepted: [webp, gif],
      errors: [
        'IMG_0001.HEIC is not a supported image. Please choose a JPEG, PNG, GIF or WebP image',
        'logo.svg is not a supported image. Please choose a JPEG, PNG, GIF or WebP image',
      ],
    });
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(uploadTypeOf(file('photo.JPG', '', 1))).toBe('image/jpeg');
    expect(checkImageFiles(0, [file('photo.jpeg', '', 1)]).accepted).toHaveLength(1);
    // A HEIC photo the browser gave no type for is still recognised as an image, and refused with what to choose.
    expect(checkImageFiles(0, [file('photo.heic', '', 1)]).errors).toEqual([
      'photo.heic is not a supported image. Please choose a JPEG, PNG, GIF or WebP image',
    ]);
    expect(checkImageFiles(0, [file('IMG_2.HEIF', '', 1), file('scan.tiff', '', 1)]).errors).toEqual([
      'IMG_2.HEIF is not a supported image. Please choose a JPEG, PNG, GIF or WebP image',
      'scan.tiff is not a supported image. Please choose a JPEG, PNG, GIF or WebP image',
    ]);
    expect(checkImageFiles(0, [file('notes.pdf', '', 1), file('no-extension', '', 1)]).errors).toEqual([
      'notes.pdf is not an image file',
      'no-extension is not an image file',
    ]);
  });
});
