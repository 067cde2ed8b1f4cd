// The public API of the stack as the benchmark uses it (undici Pool, keep-alive connections to the gateway).
import crypto from 'node:crypto';
import { Pool } from 'undici';
import { nowMs } from './stats.mjs';

export const PASSWORD = 'Bench-pw-2468!';

export class Api {
  constructor(baseUrl, { connections = 64 } = {}) {
    this.baseUrl = baseUrl;
    this.pool = new Pool(baseUrl, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
  }

  /** One call; never throws for HTTP statuses: { status, json, ms } (status 0 and `error` on network errors). */
  async call(method, path, { body, token } = {}) {
    const t0 = nowMs();
    try {
      const res = await this.pool.request({
        method,
        path,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      let json = null;
      if (text && (res.headers['content-type'] ?? '').includes('json')) {
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
      }
      return { status: res.statusCode, json, text, ms: nowMs() - t0, done: nowMs() };
    } catch (err) {
      return {
        status: 0,
        json: null,
        text: '',
        error: err instanceof Error ? err.message : String(err),
        ms: nowMs() - t0,
        done: nowMs(),
      };
    }
  }

  async must(method, path, opts, expected = [200, 201]) {
    const res = await this.call(method, path, opts);
    if (!expected.includes(res.status)) {
      throw new Error(`${method} ${path} -> ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
    }
    return res.json;
  }

  async login(identifier, password) {
    const json = await this.must('POST', '/api/auth/local', { body: { identifier, password } }, [200]);
    return { token: json.jwt, id: json.user.id };
  }

  async register(role, label) {
    const tag = crypto.randomBytes(5).toString('hex');
    const email = `bench-${label}-${tag}@bench.tiredash.test`;
    const json = await this.must('POST', '/api/auth/local/register', {
      body: { username: `bench ${label} ${tag}`, email, password: PASSWORD, role },
    });
    return { token: json.jwt, id: json.user.id, email };
  }

  async createCustomerProfile(user, name) {
    const json = await this.must('POST', '/api/customers', {
      token: user.token,
      body: { data: { fullName: name, phone: '+1 555 010 2030', paymentMethod: 'cash', user: user.id } },
    });
    return json.data.documentId;
  }

  async createProviderProfile(user, name, location, radiusMiles) {
    const json = await this.must('POST', '/api/providers', {
      token: user.token,
      body: {
        data: {
          businessName: name,
          fullName: `${name} Owner`,
          phone: '+1 555 010 4050',
          hourlyRate: 80,
          yearsExperience: 5,
          service_types: ['Flat Tire Repair', 'Tire Replacement'],
          serviceArea: { radius: radiusMiles, address: location.address },
          vehicleSpecs: 'Van',
          online: true,
          location,
          user: user.id,
        },
      },
    });
    return json.data.documentId;
  }

  async approveProvider(admin, providerId) {
    await this.must(
      'PUT',
      `/api/providers/${providerId}`,
      { token: admin.token, body: { data: { isApproved: true } } },
      [200],
    );
  }

  requestBody(point) {
    return {
      data: {
        tireSize: '225/65/R17',
        tireStatus: 'Bids Open',
        serviceType: 'Flat Tire Repair',
        budget: 150,
        urgency: 'normal',
        photos: [],
        notes: 'bench',
        location: { address: 'Bench Rd', lat: point.lat, lng: point.lng },
        address: 'Bench Rd',
        lat: point.lat,
        lng: point.lng,
        description: 'Flat rear tire (benchmark)',
        priority: 'normal',
        paymentMethod: 'cash',
        status: 'open',
      },
    };
  }

  async close() {
    await this.pool.close();
  }
}

/** Runs `fn` over `items` with at most `limit` at a time; returns the results in order. */
export async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
