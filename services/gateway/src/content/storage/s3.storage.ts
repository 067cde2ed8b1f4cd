import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, type MediaStorage } from './media-storage';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it (each path segment encoded, '/' kept). */
const encodeSegment = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An S3-compatible object store (AWS S3, MinIO, Ceph, R2...) through plain HTTPS requests signed with AWS
 * Signature Version 4 (node:crypto + fetch; no SDK). PUT, GET and DELETE of single objects.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly o: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, data, { 'content-type': contentType });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status} ${await res.text()}`);
  }

  /** The signed request (exposed for tests of the signature). */
  sign(
    method: string,
    key: string,
    body: Buffer | undefined,
    extraHeaders: Record<string, string> = {},
  ): { url: string; headers: Record<string, string> } {
    assertSafeKey(key);
    const endpoint = new URL(this.o.endpoint);
    const encodedKey = key.split('/').map(encodeSegment).join('/');
    const host = this.o.forcePathStyle ? endpoint.host : `${this.o.bucket}.${endpoint.host}`;
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    const path = this.o.forcePathStyle ? `${basePath}/${encodeSegment(this.o.bucket)}/${encodedKey}` : `${basePath}/${encodedKey}`;
    const now = this.now();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      ...Object.fromEntries(Object.entries(extraHeaders).map(([k, v]) => [k.toLowerCase(), v])),
      host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    const names = Object.keys(headers).sort();
    const canonicalHeaders = names.map((n) => `${n}:${(headers[n] ?? '').trim()}\n`).join('');
    const signedHeaders = names.join(';');
    const canonicalRequest = [method, path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${this.o.region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const kDate = hmac(`AWS4${this.o.secretAccessKey}`, day);
    const kSigning = hmac(hmac(hmac(kDate, this.o.region), 's3'), 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${this.o.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
    const { host: _host, ...sendHeaders } = headers;
    return { url: `${endpoint.protocol}//${host}${path}`, headers: sendHeaders };
  }

  private send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, extra?: Record<string, string>): Promise<Response> {
    const { url, headers } = this.sign(method, key, body, extra);
    return fetch(url, { method, headers, body });
  }
}
