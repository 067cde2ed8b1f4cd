// The chaos harness's verdict and printout (scripts/chaos.mjs), kept apart so that a test can show a wrong count
// fails the run (e2e/src/chaos-report.spec.ts).

/**
 * The four counts the issue asks for, from the harness's checks:
 *  lost          201'd bids not stored + not received on their customer's socket
 *  duplicated    201'd bids stored twice + received twice
 *  doubleAccepts requests with more than one accept answered 200 or more than one accepted bid stored
 *  doubleCredits requests whose provider's wallet was credited twice, or credited for a cash job
 * `ok` also needs every fault recovered, the stack ready at the end, the accept answers matching the stored
 * state, every job confirmed, and bids placed at all.
 */
export function verdict(counts, faults, finalReady) {
  const summary = {
    lost: counts.notStored + counts.notDelivered,
    duplicated: counts.storedTwice + counts.deliveredTwice,
    doubleAccepts: counts.doubleAccepts,
    doubleCredits: counts.doubleCredits + counts.wrongCredits,
  };
  const problems = [];
  for (const [k, v] of Object.entries(summary)) if (v !== 0) problems.push(`${k} ${v}`);
  for (const f of faults) if (!f.ok) problems.push(`not recovered: ${f.fault}`);
  if (!finalReady.ok) problems.push(`not ready at the end: ${finalReady.notReady.join(', ')}`);
  if (counts.acceptMismatch) problems.push(`${counts.acceptMismatch} accepts answered 200 but not stored`);
  if (counts.jobsConfirmed !== counts.jobs)
    problems.push(`${counts.jobs - counts.jobsConfirmed} jobs not confirmed`);
  if (counts.missingCredits) problems.push(`${counts.missingCredits} confirmed card jobs credited no wallet`);
  if (!(counts.bids201 > 0)) problems.push('no bid was placed');
  return { summary, ok: problems.length === 0, problems };
}

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `  ${cells.map((c, i) => String(c).padEnd(widths[i])).join('  ')}`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The printout: the fault table, what was done, the counts and PASSED / FAILED. */
export function renderReport({ quick, faults, counts, finalReady, burst, result }) {
  const { summary, ok, problems } = result;
  const out = [''];
  out.push(
    `TireDash chaos run${quick ? ' (quick)' : ''}: 2 replicas of every stateless service behind HAProxy, a 3-node NATS cluster,`,
  );
  out.push(
    'private PostgreSQL and Redis. Killed and stopped processes were started again by this harness, as a supervisor',
  );
  out.push(
    '(Kubernetes) would; "recovered after" runs from the fault until every replica, NATS node and HAProxy backend is ready.',
  );
  out.push('');
  out.push(
    table(
      ['fault', 'when', 'recovered after', 'what happened'],
      faults.map((f) => [f.fault, f.when, f.recoveredAfter, f.detail]),
    ),
  );
  out.push('');
  out.push(
    `bids: ${burst.sent} sent at ${burst.rate}/s, ${counts.bids201} answered 201 (statuses ${JSON.stringify(burst.statuses)}), ` +
      `${counts.bids201 - counts.notStored} stored; on the customers' sockets: live ${counts.deliveredLive}, replayed on reconnection ` +
      `${counts.deliveredReplayed} (${burst.reconnections} reconnections)`,
  );
  out.push(
    `accepts: ${counts.acceptRaces} races of 3 concurrent accepts, ${counts.requestsAccepted} requests accepted; ` +
      `jobs arrived, completed and confirmed: ${counts.jobsConfirmed}/${counts.jobs} (${counts.cardJobs} by card); wallet credits ${counts.credits}`,
  );
  out.push(
    `stack ready again at the end: ${finalReady.ok ? 'yes, every replica' : `NO (${finalReady.notReady.join(', ')})`}`,
  );
  out.push('');
  out.push(
    `lost ${summary.lost}, duplicated ${summary.duplicated}, double accepts ${summary.doubleAccepts}, double credits ${summary.doubleCredits}`,
  );
  out.push(
    `  (lost: 201'd bids not stored ${counts.notStored} + not on the customer's socket ${counts.notDelivered}; ` +
      `duplicated: stored twice ${counts.storedTwice} + received twice ${counts.deliveredTwice})`,
  );
  out.push(ok ? 'chaos: PASSED' : `chaos: FAILED (${problems.join('; ')})`);
  out.push('');
  return out.join('\n');
}
