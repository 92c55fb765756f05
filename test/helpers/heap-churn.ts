// Child process for the heap-growth test: applies a growth percent (argv[2]), then
// churns objects that each live through ~1M later allocations (long enough to be
// promoted to the old generation before they die), and prints how many full
// collections V8 ran and the peak heap in use.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setHeapGrowth } from '../../src/lifecycle/heap-growth.js';

setHeapGrowth(Number(process.argv[2]));
let majors = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors += 1;
  }
});
observer.observe({ entryTypes: ['gc'] });
const ring: Array<{ i: number; label: string } | null> = new Array(1_000_000).fill(null);
let peak = 0;
for (let i = 0; i < 8_000_000; i += 1) {
  ring[i % ring.length] = { i, label: `churn ${i}` };
  if (i % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
}
// GC entries are delivered asynchronously.
setTimeout(() => {
  observer.disconnect();
  process.stdout.write(`${JSON.stringify({ majors, peak })}\n`);
}, 50);
