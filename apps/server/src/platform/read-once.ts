/**
 * Runs `read` on the first call and answers its result ever after, to every caller, those
 * that came while it ran too; a failed read is tried again on the next call.
 */
export function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => answer ??= read().catch((error: unknown) => {
    answer = undefined;
    throw error;
  });
}
