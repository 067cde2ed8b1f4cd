import { UPLOAD_MESSAGES, UploadProblem, uploadImages } from './upload-client';

/**
 * The test environment's FormData is Node's, which only takes Node's Blob (in a browser File and FormData
 * match): a Node Blob (from Response) carrying the file's name stands in for the File.
 */
async function png(name: string): Promise<File> {
  const blob = await new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }).blob();
  return Object.assign(blob, { name }) as unknown as File;
}

function replyWith(status: number, body: string): { fetchImpl: typeof fetch; sent: () => { url: string; init: RequestInit } } {
  let sent: { url: string; init: RequestInit } | null = null;
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent = { url, init };
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return {
    fetchImpl,
    sent: () => {
      if (!sent) throw new Error('nothing sent');
      return sent;
    },
  };
}

describe('uploadImages', () => {
  it('posts every file in the multipart field "files" with the purpose and the bearer token, answering the items', async () => {
    const items = [
      { id: 'a', url: '/api/uploads/a/id.png' },
      { id: 'b', url: '/api/uploads/b/license.png' },
    ];
    const { fetchImpl, sent } = replyWith(200, JSON.stringify(items));
    const result = await uploadImages({ files: [await png('id.png'), await png('license.png')], purpose: 'registration', token: 'jwt-1', baseUrl: 'http://api.test/api', fetchImpl });
    expect(result.map((m) => m.id)).toEqual(['a', 'b']);
    const { url, init } = sent();
    expect(url).toBe('http://api.test/api/upload');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-1');
    const form = init.body as FormData;
    expect(form.get('purpose')).toBe('registration');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['id.png', 'license.png']);
  });

  it("reports a refused upload as 'Upload Failed' with the server's message", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchImpl } = replyWith(400, JSON.stringify({ error: { status: 400, message: 'id.png is not an image file' } }));
    const problem = await uploadImages({ files: [await png('id.png')], purpose: 'registration', token: 'jwt', fetchImpl }).catch((e: unknown) => e);
    expect(problem).toBeInstanceOf(UploadProblem);
    expect((problem as UploadProblem).toast()).toEqual({ title: 'Upload Failed', description: 'id.png is not an image file', variant: 'destructive' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('400'));
    logged.mockRestore();
  });

  it("falls back to 'Failed to upload images.' and reports a network error as 'Upload Error'", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchImpl } = replyWith(502, 'Bad Gateway');
    const failed = (await uploadImages({ files: [await png('a.png')], purpose: 'logo', token: 'jwt', fetchImpl }).catch((e: unknown) => e)) as UploadProblem;
    expect(failed.toast().description).toBe(UPLOAD_MESSAGES.failedDefault);

    const broken = (async () => {
      throw new TypeError('network down');
    }) as unknown as typeof fetch;
    const error = (await uploadImages({ files: [await png('a.png')], purpose: 'logo', token: 'jwt', fetchImpl: broken }).catch((e: unknown) => e)) as UploadProblem;
    expect(error.toast()).toEqual({ title: 'Upload Error', description: 'An error occurred while uploading images.', variant: 'destructive' });
    logged.mockRestore();
  });
});
