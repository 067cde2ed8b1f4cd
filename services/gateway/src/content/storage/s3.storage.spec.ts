import { S3Storage } from './s3.storage';

describe('S3Storage signature', () => {
  it('matches the AWS SigV4 example for S3 (GET /test.txt with a Range header)', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const storage = new S3Storage(
      {
        endpoint: 'https://s3.amazonaws.com',
        region: 'us-east-1',
        bucket: 'examplebucket',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      },
      () => new Date('2013-05-24T00:00:00.000Z'),
    );
    const { url, headers } = storage.sign('GET', 'test.txt', undefined, { Range: 'bytes=0-9' });
    expect(url).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
