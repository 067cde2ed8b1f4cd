// Bringing a job to live tracking as people would, for browser tests of the job after acceptance.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { logIn, socketJoined } from './page-steps';

/**
 * The bidding flow up to acceptance of a cash job (as in tracking.e2e-spec.ts): the provider logs in and waits for
 * requests, the customer posts one at its device location, the provider bids, the customer accepts. Returns the
 * request id with the customer on /tracking/{id} and the provider on /provider/tracking/{id}.
 */
export async function acceptedCashJob(c: Page, p: Page, label = 'e2e-job'): Promise<string> {
  const marker = `${label} ${crypto.randomBytes(4).toString('hex')}`;
  const providerJoined = socketJoined(p);
  await logIn(p, 'provider');
  await p.getByRole('tab', { name: 'Requests' }).waitFor();
  await providerJoined;

  await logIn(c, 'customer');
  await c.getByRole('heading', { name: 'Request Tire Service' }).waitFor();
  await c.getByLabel(/Service Type/).selectOption('Flat Tire Repair');
  await c.getByLabel(/Tire Size/).pressSequentially('22565r17');
  await c.getByLabel('Description').fill(`Flat rear tire (${marker})`);
  await c.getByLabel(/Budget/).fill('90');
  await c.getByRole('button', { name: 'Use my current location' }).click();
  await c.getByText(/Using your current location/).waitFor();
  await c.getByRole('radio', { name: /Pay the provider directly in cash/ }).check();
  const customerJoined = socketJoined(c);
  await c.getByRole('button', { name: 'Submit Request' }).click();
  await c.waitForURL((url) => url.pathname.startsWith('/bidding/'), { timeout: 15000 });
  const requestId = new URL(c.url()).pathname.split('/')[2]!;
  await customerJoined;

  const offer = p.getByRole('listitem', { name: 'Flat Tire Repair request' }).filter({ hasText: marker });
  await offer.waitFor({ timeout: 20000 });
  await offer.getByLabel('Your price ($)').fill('85');
  await offer.getByLabel('ETA (minutes)').fill('15');
  await offer.getByRole('button', { name: 'Place Bid' }).click();
  await p.getByText('Bid Placed').waitFor({ timeout: 15000 });

  const bid = c.getByRole('listitem', { name: 'Bid from Rapid Roadside Tires' });
  await bid.waitFor({ timeout: 9000 });
  await bid.getByRole('button', { name: /Accept bid from Rapid Roadside Tires/ }).click();
  await c.waitForURL((url) => url.pathname === `/tracking/${requestId}`, { timeout: 15000 });
  await p.waitForURL((url) => url.pathname === `/provider/tracking/${requestId}`, { timeout: 20000 });
  return requestId;
}
