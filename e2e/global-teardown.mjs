export default async function globalTeardown() {
  const stack = globalThis.__TIREDASH_E2E_STACK__;
  if (stack) await stack.stop();
}
