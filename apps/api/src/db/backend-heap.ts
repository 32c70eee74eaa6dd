import type { ClientBase } from 'pg';

/** What a new connection's backend allocates once apart from its heap and frees again (below). */
const HEAP_RAISE_BYTES = 4 << 20;

/**
 * Makes a new connection's backend keep the memory its statements free, rather than give it back to the kernel after
 * each statement and take it again, a page at a time, in the next.
 *
 * PostgreSQL allocates through the C library. glibc returns the top of a process's heap to the kernel once more than
 * 128 KB of it is free, which a search ranking thousands of matches leaves behind every time; the next such search
 * takes the pages again, each with a page fault. A fault costs under a microsecond on common hardware, but 13-17 µs
 * on the virtual machine the bench last ran on, where the faults were half of PostgreSQL's time for the search mix
 * (docs/decisions/backend-heap.md). glibc raises that threshold, for the rest of the process's life, to twice the size
 * of any block it mapped apart from the heap (blocks over 128 KB) once the block is freed: one statement allocating and
 * freeing such a block of 4 MB lets the backend keep up to 8 MB free for its next statements. A backend whose C library
 * is not glibc, or whose thresholds were set by its environment (MALLOC_TRIM_THRESHOLD_), only runs the statement.
 */
export function keepBackendHeap(client: ClientBase): void {
  // A connection that failed says so on its next statement; this one has nothing of its own to report.
  client.query(`select length(repeat(' ', ${HEAP_RAISE_BYTES}))`).catch(() => {});
}
