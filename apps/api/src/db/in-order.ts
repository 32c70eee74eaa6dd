/**
 * Awaits statements asked of one transaction at once (PostgreSQL runs them in the order asked). When some fail, the
 * error is that of the first to fail in that order: PostgreSQL answers every statement after it "current
 * transaction is aborted", and with Promise.all whichever rejection came through its promise chain sooner would be
 * the one thrown, hiding the cause (a deadlock the checkout retries, say).
 */
export async function allInOrder<T extends readonly unknown[] | []>(
  statements: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled<unknown>(statements);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
