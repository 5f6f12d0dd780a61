/** Prometheus text exposition for requests by route and status, a latency histogram, and jobs by status. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  private requests = new Map<string, number>();
  private latency = new Map<string, { counts: number[]; sum: number; count: number }>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const lk = `${method} ${route}`;
    let h = this.latency.get(lk);
    if (!h) this.latency.set(lk, (h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) h.counts[i]++;
    h.sum += seconds;
    h.count++;
  }

  render(jobs: Record<string, number>): string {
    const esc = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
    const out: string[] = [
      "# HELP packsmith_http_requests_total HTTP requests by route and status.",
      "# TYPE packsmith_http_requests_total counter",
    ];
    for (const [key, n] of this.requests) {
      const [method, route, status] = key.split(" ");
      out.push(`packsmith_http_requests_total{method="${method}",route="${esc(route)}",status="${status}"} ${n}`);
    }
    out.push(
      "# HELP packsmith_http_request_duration_seconds Request latency.",
      "# TYPE packsmith_http_request_duration_seconds histogram",
    );
    for (const [key, h] of this.latency) {
      const [method, route] = key.split(" ");
      const labels = `method="${method}",route="${esc(route)}"`;
      BUCKETS.forEach((b, i) =>
        out.push(`packsmith_http_request_duration_seconds_bucket{${labels},le="${b}"} ${h.counts[i]}`),
      );
      out.push(`packsmith_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      out.push(`packsmith_http_request_duration_seconds_sum{${labels}} ${h.sum}`);
      out.push(`packsmith_http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    out.push("# HELP packsmith_jobs Assets (jobs) by status.", "# TYPE packsmith_jobs gauge");
    for (const status of ["generating", "ready", "error"])
      out.push(`packsmith_jobs{status="${status}"} ${jobs[status] ?? 0}`);
    return out.join("\n") + "\n";
  }
}
